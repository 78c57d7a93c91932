namespace S3TransferManager.Scheduling;

/// <summary>
/// The slot one request holds through its attempts. A retry after a stall in a congested endpoint's queue trades it
/// (<see cref="RequeueAsync"/>): the slot goes back first, and the retry takes the next one in its transfer's turn,
/// which the budget, cut meanwhile, lends only once the requests in flight have come down. So a retry never raises the
/// requests in flight. Dispose lets the slot go.
/// </summary>
/// <remarks>One owner, one attempt at a time: not thread-safe.</remarks>
internal sealed class HeldLease(TransferLane lane, RequestLease lease) : IDisposable
{
    /// <summary>The slot held now (after a failed requeue, the one given back: disposing it again does nothing).</summary>
    public RequestLease Lease { get; private set; } = lease;

    /// <summary>Gives the slot back and waits for the transfer's next turn of one, for a request of the same cost.</summary>
    /// <exception cref="OperationCanceledException">Canceled while waiting; no slot is held then.</exception>
    public async ValueTask RequeueAsync(CancellationToken cancellationToken)
    {
        RequestCost cost = Lease.Cost;
        Lease.Dispose();
        Lease = await lane.AcquireAsync(cost, cancellationToken).ConfigureAwait(false);
    }

    public void Dispose() => Lease.Dispose();
}
