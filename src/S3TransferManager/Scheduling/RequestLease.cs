namespace S3TransferManager.Scheduling;

/// <summary>A hold on one slot of the shared request budget, from before a request is sent until its response is
/// over. Dispose lets go; only the first dispose counts, so an owner may dispose on every path.</summary>
internal sealed class RequestLease : IDisposable
{
    private RequestSlot? _slot;

    /// <summary>When the lease was lent, in the observer's clock; 0 when nobody observes.</summary>
    private readonly long _lentAt;

    private RequestLease(RequestSlot slot)
    {
        _slot = slot;
        _lentAt = slot.Scheduler.Observer?.Lent(slot.Cost) ?? 0;
    }

    /// <summary>Wraps a slot the scheduler already counted as lent for <paramref name="cost"/>.</summary>
    internal static RequestLease Lend(RequestScheduler scheduler, RequestCost cost) => new(new RequestSlot(scheduler, cost));

    /// <summary>What the slot this lease holds was lent for.</summary>
    public RequestCost Cost => Volatile.Read(ref _slot)?.Cost ?? default;

    /// <summary>
    /// A second hold on this lease's slot, for the request that follows this one on the same slot, sent during this
    /// body's last round trip so its first byte arrives as this body ends (the first-byte latency is hidden). Null when
    /// this lease was let go, when its slot already has two holders, or when another request waits for a slot.
    /// </summary>
    /// <remarks>Why a slot may carry two requests: a request whose headers are pending moves no bytes, and with every
    /// slot counting it, each part would leave its connection idle for a round trip; no schedule of N strictly counted
    /// slots can then come near N connections streaming (see benchmarks/results/2026-11-23-downloads-under-latency.md). Bodies being read stay at most
    /// one per slot, save the moment the next one's first bytes arrive.</remarks>
    public RequestLease? TryShare()
    {
        RequestSlot? slot = Volatile.Read(ref _slot);
        return slot is not null && slot.TryAddHolder() ? new RequestLease(slot) : null;
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _slot, null) is { } slot)
        {
            slot.Scheduler.Observer?.Returned(_lentAt, slot.Cost);
            slot.RemoveHolder();
        }
    }
}
