namespace S3TransferManager.Scheduling;

/// <summary>
/// The one budget of requests in flight of a <see cref="TransferUtility"/>, shared by every transfer it runs. Each
/// transfer asks through its own <see cref="TransferLane"/>; a freed slot goes to the lanes in turn (round robin), so
/// a small object never waits behind a big object's queue of parts, while a lone big object still gets every slot.
/// </summary>
/// <remarks>
/// Invariants: <see cref="_available"/> + leases outstanding = the budget (<see cref="_available"/> is negative
/// while a lowered budget waits for leases to come back); a lane is in <see cref="_ready"/> exactly
/// while it has waiters and is not disposed; a waiter is granted at most once (a canceled one is skipped). All state is
/// guarded by <see cref="_lock"/>; waiters are completed outside it.
/// </remarks>
internal sealed class RequestScheduler
{
    /// <summary>Guards every mutable field below.</summary>
    private readonly Lock _lock = new();

    /// <summary>Lanes with waiters, in the order they are served; the head is served next.</summary>
    private readonly LinkedList<TransferLane> _ready = new();

    /// <summary>Slots not lent to anyone; below zero after <see cref="SetLimit"/> lowered the budget under the slots
    /// lent: each slot given back then retires instead of being lent again.</summary>
    private int _available;

    /// <summary><see cref="_ready"/>'s count, published for <see cref="HasWaitersHint"/>.</summary>
    private int _waitingLanes;

    /// <param name="maxRequestsInFlight">The budget.</param>
    /// <param name="allowSharedSlots">Whether a slot may carry one early request besides its body's
    /// (<see cref="RequestLease.TryShare"/>); false makes the budget a hard cap on requests in flight.</param>
    public RequestScheduler(int maxRequestsInFlight, bool allowSharedSlots = true)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxRequestsInFlight, 1);
        MaxRequestsInFlight = maxRequestsInFlight;
        AllowsSharedSlots = allowSharedSlots;
        _available = maxRequestsInFlight;
    }

    /// <summary>Whether a slot may carry one early request besides its body's.</summary>
    public bool AllowsSharedSlots { get; }

    /// <summary>The budget: requests in flight across every transfer at most. Fixed, unless an adaptive
    /// <see cref="ConcurrencyTuner"/> moves it (<see cref="SetLimit"/>).</summary>
    public int MaxRequestsInFlight { get; private set; }

    /// <summary>Slots lent out right now.</summary>
    public int InFlight
    {
        get
        {
            lock (_lock)
            {
                return MaxRequestsInFlight - _available;
            }
        }
    }

    /// <summary>Whether any request waits for a slot.</summary>
    public bool HasWaiters
    {
        get
        {
            lock (_lock)
            {
                return _ready.Count > 0;
            }
        }
    }

    /// <summary>Whether a request waits for a slot, read without the lock: a hint for the tuner's bookkeeping, which
    /// samples it on every progress report and can live with a stale answer.</summary>
    internal bool HasWaitersHint => Volatile.Read(ref _waitingLanes) > 0;

    /// <summary>Called, outside the lock, when a request is lent a slot while no other was lent: the utility was idle.
    /// The lease is already granted; the callback may move the budget before the requests that follow.</summary>
    internal Action? Waking { get; set; }

    /// <summary>Moves the budget. Raising it lends the new slots to waiters at once; lowering it takes effect as
    /// leases come back (none is revoked).</summary>
    /// <param name="limit">The new budget, at least 1.</param>
    internal void SetLimit(int limit)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        lock (_lock)
        {
            _available += limit - MaxRequestsInFlight;
            MaxRequestsInFlight = limit;
        }

        // Each new slot is taken, then released the usual way, so it goes to the next lane in turn.
        while (true)
        {
            lock (_lock)
            {
                if (_available <= 0 || _ready.Count == 0)
                {
                    return;
                }

                _available--;
            }

            Release();
        }
    }

    /// <summary>Opens the lane one transfer asks through; dispose it when the transfer ends.</summary>
    public TransferLane OpenLane() => new(this);

    /// <summary>Lends a slot when one is free and nobody waits; never queues.</summary>
    internal bool TryAcquire()
    {
        lock (_lock)
        {
            if (_available > 0 && _ready.Count == 0)
            {
                _available--;
                return true;
            }

            return false;
        }
    }

    /// <summary>Lends a slot at once when one is free and nobody waits; otherwise queues the waiter on its lane.</summary>
    internal bool TryAcquireOrEnqueue(TransferLane lane, LeaseWaiter waiter)
    {
        bool waking;
        lock (_lock)
        {
            if (_available > 0 && _ready.Count == 0)
            {
                waking = _available == MaxRequestsInFlight;
                _available--;
            }
            else
            {
                lane.Waiters.Enqueue(waiter);
                if (lane.ReadyNode is null)
                {
                    lane.ReadyNode = _ready.AddLast(lane);
                }

                Volatile.Write(ref _waitingLanes, _ready.Count);
                return false;
            }
        }

        if (waking)
        {
            Waking?.Invoke();
        }

        return true;
    }

    /// <summary>Takes a slot back and lends it to the next lane in turn that still has a live waiter.</summary>
    internal void Release()
    {
        while (true)
        {
            LeaseWaiter? next = null;
            lock (_lock)
            {
                if (_available < 0)
                {
                    // The budget was lowered: this slot retires.
                    _available++;
                    return;
                }

                while (next is null && _ready.First is { } node)
                {
                    TransferLane lane = node.Value;
                    _ready.RemoveFirst();
                    lane.ReadyNode = null;
                    while (lane.Waiters.TryDequeue(out LeaseWaiter? waiter))
                    {
                        if (!waiter.IsCompleted)
                        {
                            next = waiter;
                            break;
                        }
                    }

                    // Served: to the back of the line, if it still waits for more.
                    if (lane.Waiters.Count > 0)
                    {
                        lane.ReadyNode = _ready.AddLast(lane);
                    }
                }

                Volatile.Write(ref _waitingLanes, _ready.Count);
                if (next is null)
                {
                    _available++;
                    return;
                }
            }

            // Outside the lock; a waiter canceled in the meantime refuses, and the slot goes to the next one.
            if (next.TryGrant())
            {
                return;
            }
        }
    }

    /// <summary>Drops a disposed lane from the line; its waiters were canceled by the lane.</summary>
    internal void Remove(TransferLane lane)
    {
        lock (_lock)
        {
            if (lane.ReadyNode is not null)
            {
                _ready.Remove(lane.ReadyNode);
                lane.ReadyNode = null;
                Volatile.Write(ref _waitingLanes, _ready.Count);
            }

            lane.Waiters.Clear();
        }
    }
}
