namespace S3TransferManager.Scheduling;

/// <summary>
/// The slot one request holds through its attempts (and a download part through the reading of its body). A retry
/// after a stall in a congested endpoint's queue trades it (<see cref="RequeueAsync"/>): the slot goes back first, and
/// the retry takes the next one in its transfer's turn, which the budget, cut meanwhile, lends only once the requests in
/// flight have come down. So a retry never raises the requests in flight. <see cref="Dispose"/> lets the slot go for
/// good: a slot a requeue takes after that goes back at once.
/// </summary>
/// <remarks>One attempt at a time requeues; <see cref="Dispose"/> and <see cref="Detach"/> may come from another thread
/// (an OpenStream reader gives its part's slot back while the part reads).</remarks>
internal sealed class HeldLease(TransferLane lane, RequestLease lease) : IDisposable
{
    private readonly RequestCost _cost = lease.Cost;
    private RequestLease? _lease = lease;
    private bool _released;

    /// <summary>The transfer's turns of the budget, where a second slot (a hedge's) or the next one is taken.</summary>
    public TransferLane Lane => lane;

    /// <summary>What the slot is lent for.</summary>
    public RequestCost Cost => _cost;

    /// <summary>The slot held now; null once let go (or while a requeue waits for the next one).</summary>
    public RequestLease? Lease => Volatile.Read(ref _lease);

    /// <summary>Gives the slot back and waits for the transfer's next turn of one, for a request of the same cost.</summary>
    /// <exception cref="OperationCanceledException">Canceled while waiting; no slot is held then.</exception>
    public async ValueTask RequeueAsync(CancellationToken cancellationToken)
    {
        Interlocked.Exchange(ref _lease, null)?.Dispose();
        Volatile.Write(ref _lease, await lane.AcquireAsync(_cost, cancellationToken).ConfigureAwait(false));
        if (Volatile.Read(ref _released))
        {
            Interlocked.Exchange(ref _lease, null)?.Dispose();
        }
    }

    /// <summary>Takes the slot out without letting it go: its new owner (the next part reading on) disposes it.</summary>
    public RequestLease? Detach()
    {
        Volatile.Write(ref _released, true);
        return Interlocked.Exchange(ref _lease, null);
    }

    public void Dispose()
    {
        Volatile.Write(ref _released, true);
        Interlocked.Exchange(ref _lease, null)?.Dispose();
    }
}
