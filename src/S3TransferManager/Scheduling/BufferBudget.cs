using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Scheduling;

/// <summary>
/// The one budget of pooled buffer bytes of a <see cref="TransferUtility"/>: OpenStream parts fetched ahead of their
/// reader and non-seekable upload parts read ahead of their upload hold a <see cref="BufferLease"/> of their size while
/// they sit in memory. Waiters are served in arrival order, so a big part is not starved by a stream of small ones.
/// </summary>
/// <remarks>
/// A caller that holds nothing of the budget is always served at once, even past the limit (see
/// <see cref="AcquireAsync"/>): every transfer can keep one part in memory, so transfers that hold memory and wait for
/// something else (a stream nobody reads yet) can slow the others down but never stop them. The total stays within the
/// limit plus one part per transfer. Invariants: <see cref="_inUse"/> is the sum of the outstanding leases; all state
/// is guarded by <see cref="_lock"/>; waiters are completed outside it.
/// </remarks>
internal sealed class BufferBudget
{
    /// <summary>Guards every mutable field below.</summary>
    private readonly Lock _lock = new();

    /// <summary>Callers waiting for room, in arrival order.</summary>
    private readonly LinkedList<Waiter> _waiters = new();

    /// <summary>Bytes lent out right now.</summary>
    private long _inUse;

    public BufferBudget(long limitBytes)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limitBytes, 1);
        LimitBytes = limitBytes;
    }

    /// <summary>The budget, in bytes.</summary>
    public long LimitBytes { get; }

    /// <summary>Bytes lent out right now.</summary>
    public long InUseBytes
    {
        get
        {
            lock (_lock)
            {
                return _inUse;
            }
        }
    }

    /// <summary>Opens the account one transfer borrows through; the transfer's leases count against it.</summary>
    public BufferAccount OpenAccount() => new(this);

    /// <summary>
    /// Lends <paramref name="bytes"/> when they fit and nobody waits before the caller, or at once when the caller's
    /// account holds nothing of the budget yet (<paramref name="callerHoldsNothing"/>); otherwise waits for room.
    /// </summary>
    /// <exception cref="OperationCanceledException">The token was canceled while waiting.</exception>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    internal ValueTask<BufferLease> AcquireAsync(BufferAccount account, long bytes, bool callerHoldsNothing, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(bytes);
        Waiter waiter;
        lock (_lock)
        {
            if (CanLendLocked(bytes, callerHoldsNothing))
            {
                _inUse += bytes;
                return new ValueTask<BufferLease>(new BufferLease(account, bytes));
            }

            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<BufferLease>(cancellationToken);
            }

            waiter = new Waiter(account, bytes);
            waiter.Node = _waiters.AddLast(waiter);
        }

        return WaitAsync(waiter, cancellationToken);
    }

    /// <summary>Lends <paramref name="bytes"/> when <see cref="AcquireAsync"/> would without waiting; false (nothing
    /// queued) when it would wait.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the out value: the caller owns and disposes it.")]
    internal bool TryAcquire(BufferAccount account, long bytes, bool callerHoldsNothing, [NotNullWhen(true)] out BufferLease? lease)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(bytes);
        lock (_lock)
        {
            if (CanLendLocked(bytes, callerHoldsNothing))
            {
                _inUse += bytes;
                lease = new BufferLease(account, bytes);
                return true;
            }
        }

        lease = null;
        return false;
    }

    /// <summary>Lends <paramref name="bytes"/> at once, past the limit if need be: for reads whose size is already
    /// bounded elsewhere and that must not wait (a non-seekable upload's read-ahead to the multipart threshold).</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    internal BufferLease LendNow(BufferAccount account, long bytes)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(bytes);
        lock (_lock)
        {
            _inUse += bytes;
        }

        return new BufferLease(account, bytes);
    }

    internal void Release(long bytes)
    {
        List<Waiter>? granted = null;
        lock (_lock)
        {
            _inUse -= bytes;
            while (_waiters.First is { } node && _inUse + node.Value.Bytes <= LimitBytes)
            {
                _waiters.RemoveFirst();
                node.Value.Node = null;
                _inUse += node.Value.Bytes;
                (granted ??= []).Add(node.Value);
            }
        }

        if (granted is not null)
        {
            foreach (Waiter waiter in granted)
            {
                waiter.Granted.TrySetResult();
            }
        }
    }

    /// <summary>Whether <paramref name="bytes"/> may be lent now: to a caller that holds nothing, or when they fit and
    /// nobody waits before the caller. Called under the lock.</summary>
    private bool CanLendLocked(long bytes, bool callerHoldsNothing) =>
        callerHoldsNothing || (_waiters.Count == 0 && _inUse + bytes <= LimitBytes);

    private async ValueTask<BufferLease> WaitAsync(Waiter waiter, CancellationToken cancellationToken)
    {
        try
        {
            await waiter.Granted.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            bool stillQueued;
            lock (_lock)
            {
                stillQueued = waiter.Node is not null;
                if (stillQueued)
                {
                    _waiters.Remove(waiter.Node!);
                    waiter.Node = null;
                }
            }

            // Granted in the meantime: the bytes were counted, so give them back (which may serve the next waiter).
            if (!stillQueued)
            {
                Release(waiter.Bytes);
            }

            throw;
        }

        return new BufferLease(waiter.Account, waiter.Bytes);
    }

    private sealed class Waiter(BufferAccount account, long bytes)
    {
        public BufferAccount Account { get; } = account;

        public long Bytes { get; } = bytes;

        public TaskCompletionSource Granted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        /// <summary>Its place in the line while it waits; null once granted or removed. Guarded by the budget's lock.</summary>
        public LinkedListNode<Waiter>? Node { get; set; }
    }
}
