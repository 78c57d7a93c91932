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

    /// <summary>Waits for this transfer's turn of a slot; completes synchronously when one is free and nobody waits.</summary>
    /// <exception cref="OperationCanceledException">The token was canceled, or the lane was disposed.</exception>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    public ValueTask<RequestLease> AcquireAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<RequestLease>(cancellationToken);
        }

        var waiter = new LeaseWaiter(_scheduler);
        if (_scheduler.TryAcquireOrEnqueue(this, waiter))
        {
            return new ValueTask<RequestLease>(RequestLease.Lend(_scheduler));
        }

        return waiter.WaitAsync(cancellationToken);
    }

    /// <summary>
    /// A slot for the request that follows <paramref name="predecessor"/>'s on the same worker, sent before the
    /// predecessor's body ends: a free slot if there is one; else a second hold on the predecessor's slot (when
    /// nobody waits for a slot, and the budget allows shared slots); else this transfer's turn, as <see cref="AcquireAsync"/>.
    /// </summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    public ValueTask<RequestLease> AcquireFollowingAsync(RequestLease? predecessor, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (!cancellationToken.IsCancellationRequested && TryAcquireFollowing(predecessor) is { } lease)
        {
            return new ValueTask<RequestLease>(lease);
        }

        return AcquireAsync(cancellationToken);
    }

    /// <summary>As <see cref="AcquireFollowingAsync"/>, but only a slot at hand: null instead of waiting a turn.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    public RequestLease? TryAcquireFollowing(RequestLease? predecessor)
    {
        if (_disposed)
        {
            return null;
        }

        if (_scheduler.TryAcquire())
        {
            return RequestLease.Lend(_scheduler);
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
