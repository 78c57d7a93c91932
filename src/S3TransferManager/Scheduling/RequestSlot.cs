namespace S3TransferManager.Scheduling;

/// <summary>
/// One slot of the shared request budget, its bytes, and the leases that hold it: normally one; two while a body in
/// its last round trip carries its successor's request (see <see cref="RequestLease.TryShare"/>). The slot and its
/// bytes go back to the scheduler when the last holder lets go. Invariant: 0 &lt;= holders &lt;= 2; once 0, never
/// raised again.
/// </summary>
internal sealed class RequestSlot(RequestScheduler scheduler, RequestCost cost)
{
    private int _holders = 1;

    public RequestScheduler Scheduler => scheduler;

    /// <summary>What the slot was lent for; a successor sharing it is counted within it.</summary>
    public RequestCost Cost => cost;

    /// <summary>Adds the second holder: only while one holds the slot and no other request waits for a slot, so a
    /// transfer never keeps its slots from a transfer that waits its turn.</summary>
    public bool TryAddHolder() => !scheduler.HasWaiters && Interlocked.CompareExchange(ref _holders, 2, 1) == 1;

    public void RemoveHolder()
    {
        if (Interlocked.Decrement(ref _holders) == 0)
        {
            scheduler.Release(cost.Bytes);
        }
    }
}
