using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Scheduling;

/// <summary>
/// One transfer's place in the <see cref="RequestScheduler"/>'s line. Every request the transfer sends first takes a
/// <see cref="RequestLease"/> here and gives it back when its response is over, so the transfer gets its fair turn of
/// the shared budget. Disposing the lane cancels its waiters; leases already lent stay valid until disposed.
/// </summary>
/// <remarks>Invariant: <see cref="Waiters"/> and <see cref="ReadyNode"/> are guarded by the scheduler's lock.</remarks>
internal sealed class TransferLane : IDisposable
{
    private readonly RequestScheduler _scheduler;
    private bool _disposed;

    internal TransferLane(RequestScheduler scheduler) => _scheduler = scheduler;

    /// <summary>Requests of this transfer waiting for a slot, in order.</summary>
    internal Queue<LeaseWaiter> Waiters { get; } = new();

    /// <summary>This lane's place in the scheduler's line while it has waiters; null otherwise.</summary>
    internal LinkedListNode<TransferLane>? ReadyNode { get; set; }

    /// <summary>The requests this transfer foresees running at once (<see cref="Foresee"/>); 0 until it says.</summary>
    internal int ForeseenRequests { get; private set; }

    /// <summary>
    /// Tells the budget this transfer has <paramref name="parts"/> requests of about <paramref name="partBytes"/> each
    /// to send, known before most are asked for (an object's parts once its length is known). An automatic budget at
    /// its start may start from what they justify (<see cref="RequestBudget.ForeseenStart"/>) rather than from
    /// <see cref="RequestBudget.AutomaticStart"/>; a fixed budget ignores it. Said again when this transfer's request
    /// wakes an idle utility, since waking starts the budget over.
    /// </summary>
    public void Foresee(int parts, long partBytes)
    {
        ForeseenRequests = RequestBudget.ForeseenStart(parts, partBytes, _scheduler.MaxBytesInFlight);
        _scheduler.Foresee(ForeseenRequests);
    }

    /// <summary>Waits for this transfer's turn of a slot for a request that moves no data (<see cref="RequestCost.Control"/>).</summary>
    /// <exception cref="OperationCanceledException">The token was canceled, or the lane was disposed.</exception>
    public ValueTask<RequestLease> AcquireAsync(CancellationToken cancellationToken) => AcquireAsync(RequestCost.Control, cancellationToken);

    /// <summary>Waits for this transfer's turn of a slot with room for <paramref name="cost"/>'s bytes; completes
    /// synchronously when one is free, the bytes fit and nobody waits.</summary>
    /// <exception cref="OperationCanceledException">The token was canceled, or the lane was disposed.</exception>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    public ValueTask<RequestLease> AcquireAsync(RequestCost cost, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<RequestLease>(cancellationToken);
        }

        var waiter = new LeaseWaiter(_scheduler, cost);
        if (_scheduler.TryAcquireOrEnqueue(this, waiter))
        {
            return new ValueTask<RequestLease>(RequestLease.Lend(_scheduler, cost));
        }

        return waiter.WaitAsync(cancellationToken);
    }

    /// <summary>
    /// A slot for the request that follows <paramref name="predecessor"/>'s on the same worker, sent before the
    /// predecessor's body ends: a free slot if there is one; else a second hold on the predecessor's slot (when
    /// nobody waits for a slot, and the budget allows shared slots); else this transfer's turn, as
    /// <see cref="AcquireAsync(RequestCost, CancellationToken)"/>.
    /// </summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    public ValueTask<RequestLease> AcquireFollowingAsync(RequestLease? predecessor, RequestCost cost, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (!cancellationToken.IsCancellationRequested && TryAcquireFollowing(predecessor, cost) is { } lease)
        {
            return new ValueTask<RequestLease>(lease);
        }

        return AcquireAsync(cost, cancellationToken);
    }

    /// <summary>As <see cref="AcquireFollowingAsync"/>, but only a slot at hand: null instead of waiting a turn. Its
    /// request is taken to cost what <paramref name="predecessor"/>'s does (the next part is not claimed yet).</summary>
    public RequestLease? TryAcquireFollowing(RequestLease? predecessor) => TryAcquireFollowing(predecessor, predecessor?.Cost ?? RequestCost.Control);

    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    private RequestLease? TryAcquireFollowing(RequestLease? predecessor, RequestCost cost)
    {
        if (_disposed)
        {
            return null;
        }

        if (_scheduler.TryAcquire(cost))
        {
            return RequestLease.Lend(_scheduler, cost);
        }

        return _scheduler.AllowsSharedSlots ? predecessor?.TryShare() : null;
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        LeaseWaiter[] waiting = [.. Waiters];
        _scheduler.Remove(this);
        foreach (LeaseWaiter waiter in waiting)
        {
            waiter.Cancel();
        }
    }
}
