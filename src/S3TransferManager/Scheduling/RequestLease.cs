namespace S3TransferManager.Scheduling;

/// <summary>One slot of the shared request budget, held from before a request is sent until its response is over.
/// Dispose gives the slot back; only the first dispose counts, so an owner may dispose on every path.</summary>
internal sealed class RequestLease : IDisposable
{
    private RequestScheduler? _scheduler;

    private RequestLease(RequestScheduler scheduler) => _scheduler = scheduler;

    /// <summary>Wraps a slot the scheduler already counted as lent.</summary>
    internal static RequestLease Lend(RequestScheduler scheduler) => new(scheduler);

    public void Dispose() => Interlocked.Exchange(ref _scheduler, null)?.Release();
}
