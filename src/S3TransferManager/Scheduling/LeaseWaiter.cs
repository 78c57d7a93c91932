namespace S3TransferManager.Scheduling;

/// <summary>One request waiting for a slot. Invariant: it completes once: granted, or canceled (then a grant is
/// refused and the slot goes to the next waiter).</summary>
internal sealed class LeaseWaiter(RequestScheduler scheduler, RequestCost cost)
{
    private readonly TaskCompletionSource _granted = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public bool IsCompleted => _granted.Task.IsCompleted;

    /// <summary>What the request will cost the budget once lent a slot.</summary>
    public RequestCost Cost => cost;

    /// <summary>Hands over a slot; false when the waiter was canceled first (the caller lends the slot elsewhere).</summary>
    public bool TryGrant() => _granted.TrySetResult();

    public void Cancel() => _granted.TrySetCanceled();

    public async ValueTask<RequestLease> WaitAsync(CancellationToken cancellationToken)
    {
        using (cancellationToken.UnsafeRegister(static (state, token) => ((TaskCompletionSource)state!).TrySetCanceled(token), _granted))
        {
            await _granted.Task.ConfigureAwait(false);
        }

        return RequestLease.Lend(scheduler, cost);
    }
}
