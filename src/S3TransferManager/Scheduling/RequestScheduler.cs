namespace S3TransferManager.Scheduling;

/// <summary>
/// The one budget of requests in flight of a <see cref="TransferUtility"/>, shared by every transfer it runs. It counts
/// two things: slots (a request each, so a connection each) and the bytes the requests in flight will move, as each
/// declares them (a part's or an object's length), so that many small requests run at once while large parts keep
/// to the memory budget. Each transfer asks through its own <see cref="TransferLane"/>; a freed slot goes to the lanes
/// in turn (round robin), so a small object never waits behind a big object's queue of parts, while a lone big object
/// still gets every slot its bytes fit in.
/// </summary>
/// <remarks>
/// Invariants: <see cref="_inFlight"/> and <see cref="_bytesInFlight"/> are the sums over the slots lent; a slot is
/// lent only while <see cref="_inFlight"/> is below the budget and its bytes fit (or nothing is in flight, so a part
/// larger than the byte budget still goes, alone); a lane is in <see cref="_ready"/> exactly while it has waiters and
/// is not disposed; a waiter is granted at most once (a canceled one is skipped). All state is guarded by
/// <see cref="_lock"/>; waiters are completed outside it.
/// </remarks>
internal sealed class RequestScheduler
{
    /// <summary>Guards every mutable field below.</summary>
    private readonly Lock _lock = new();

    /// <summary>Lanes with waiters, in the order they are served; the head is served next.</summary>
    private readonly LinkedList<TransferLane> _ready = new();

    /// <summary>Slots lent; above the budget for a while after <see cref="SetLimit"/> lowered it (none is revoked).</summary>
    private int _inFlight;

    /// <summary>The bytes the slots lent will move.</summary>
    private long _bytesInFlight;

    /// <summary><see cref="_ready"/>'s count, published for <see cref="HasWaitersHint"/>.</summary>
    private int _waitingLanes;

    /// <param name="maxRequestsInFlight">The budget of slots.</param>
    /// <param name="allowSharedSlots">Whether a slot may carry one early request besides its body's
    /// (<see cref="RequestLease.TryShare"/>); false makes the budget a hard cap on requests in flight.</param>
    /// <param name="maxBytesInFlight">The budget of bytes the requests in flight may move together.</param>
    /// <param name="ceiling">The most slots the budget may ever be moved to (<see cref="SetLimit"/>); at least
    /// <paramref name="maxRequestsInFlight"/>, which it defaults to.</param>
    public RequestScheduler(int maxRequestsInFlight, bool allowSharedSlots = true, long maxBytesInFlight = long.MaxValue, int ceiling = 0)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxRequestsInFlight, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxBytesInFlight, 1);
        MaxRequestsInFlight = maxRequestsInFlight;
        AllowsSharedSlots = allowSharedSlots;
        MaxBytesInFlight = maxBytesInFlight;
        Ceiling = Math.Max(ceiling, maxRequestsInFlight);
    }

    /// <summary>Whether a slot may carry one early request besides its body's.</summary>
    public bool AllowsSharedSlots { get; }

    /// <summary>The budget: slots lent at most across every transfer. Fixed, unless a <see cref="ConcurrencyTuner"/>
    /// moves it (<see cref="SetLimit"/>).</summary>
    public int MaxRequestsInFlight { get; private set; }

    /// <summary>The most slots the budget may ever be moved to: transfers size their workers by it.</summary>
    public int Ceiling { get; }

    /// <summary>The bytes the requests in flight may move together.</summary>
    public long MaxBytesInFlight { get; }

    /// <summary>Slots lent out right now.</summary>
    public int InFlight
    {
        get
        {
            lock (_lock)
            {
                return _inFlight;
            }
        }
    }

    /// <summary>The bytes the slots lent out right now will move.</summary>
    public long BytesInFlight
    {
        get
        {
            lock (_lock)
            {
                return _bytesInFlight;
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
    /// samples it on every report and can live with a stale answer.</summary>
    internal bool HasWaitersHint => Volatile.Read(ref _waitingLanes) > 0;

    /// <summary>Called, outside the lock, when a request is lent a slot while no other was lent: the utility was idle.
    /// The lease is already granted; the callback may move the budget before the requests that follow.</summary>
    internal Action? Waking { get; set; }

    /// <summary>Called, outside the lock, with the requests a transfer foresees (<see cref="TransferLane.Foresee"/>): when
    /// it says so, and again when its request wakes the utility (after <see cref="Waking"/>, which starts the budget over).
    /// Null when the budget is fixed.</summary>
    internal Action<int>? Foreseeing { get; set; }

    /// <summary>The budget the transfers can expect to have soon, when it is about to grow (an automatic budget's first
    /// contact); null: <see cref="MaxRequestsInFlight"/>.</summary>
    internal Func<int>? Expected { get; set; }

    /// <summary>The budget the transfers can expect to have soon: what a download cuts its parts' tail for.</summary>
    public int ExpectedRequests => Expected?.Invoke() ?? MaxRequestsInFlight;

    /// <summary>Told when each lease is lent and given back (the tuner learns each request's time from it); null when
    /// the budget is fixed.</summary>
    internal ConcurrencyTuner? Observer { get; set; }

    /// <summary>Moves the budget. Raising it lends the new slots to waiters at once; lowering it takes effect as
    /// leases come back (none is revoked).</summary>
    /// <param name="limit">The new budget, at least 1.</param>
    internal void SetLimit(int limit)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        lock (_lock)
        {
            MaxRequestsInFlight = limit;
        }

        LendToWaiters();
    }

    /// <summary>Passes on what a lane foresees (see <see cref="Foreseeing"/>).</summary>
    internal void Foresee(int requests)
    {
        if (requests > 0)
        {
            Foreseeing?.Invoke(requests);
        }
    }

    /// <summary>Opens the lane one transfer asks through; dispose it when the transfer ends.</summary>
    public TransferLane OpenLane() => new(this);

    /// <summary>Lends a slot for <paramref name="cost"/> when one is free, the bytes fit and nobody waits; never queues.</summary>
    internal bool TryAcquire(RequestCost cost)
    {
        lock (_lock)
        {
            if (_ready.Count == 0 && FitsLocked(cost.Bytes))
            {
                LendLocked(cost.Bytes);
                return true;
            }

            return false;
        }
    }

    /// <summary>Lends a slot at once when one is free, the bytes fit and nobody waits; otherwise queues the waiter on
    /// its lane (and, when a slot is free but the requests ahead wait for bytes, serves what fits at once).</summary>
    internal bool TryAcquireOrEnqueue(TransferLane lane, LeaseWaiter waiter)
    {
        bool lent;
        bool waking = false;
        bool slotFree = false;
        lock (_lock)
        {
            lent = _ready.Count == 0 && FitsLocked(waiter.Cost.Bytes);
            if (lent)
            {
                waking = _inFlight == 0;
                LendLocked(waiter.Cost.Bytes);
            }
            else
            {
                lane.Waiters.Enqueue(waiter);
                if (lane.ReadyNode is null)
                {
                    lane.ReadyNode = _ready.AddLast(lane);
                }

                Volatile.Write(ref _waitingLanes, _ready.Count);
                slotFree = _inFlight < MaxRequestsInFlight;
            }
        }

        if (lent)
        {
            if (waking)
            {
                Waking?.Invoke();
                if (lane.ForeseenRequests > 0)
                {
                    Foreseeing?.Invoke(lane.ForeseenRequests);
                }
            }

            return true;
        }

        if (slotFree)
        {
            // Queued while a slot is free: only bytes hold the line back, so whatever fits goes now, this one perhaps.
            LendToWaiters();
        }

        return false;
    }

    /// <summary>Takes a slot and its bytes back, and lends what fits now to the lanes in turn.</summary>
    internal void Release(long bytes)
    {
        lock (_lock)
        {
            _inFlight--;
            _bytesInFlight -= bytes;
        }

        LendToWaiters();
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

        // A big part that did not fit may have held the lanes behind it back; they may go now.
        LendToWaiters();
    }

    /// <summary>Lends slots to waiting lanes, in turn, while they fit. A lane whose next request's bytes do not fit
    /// keeps its place at the head of the line, and the lanes behind it are served meanwhile (a big part does not hold
    /// small objects back; it goes as soon as enough bytes come back).</summary>
    private void LendToWaiters()
    {
        while (true)
        {
            LeaseWaiter? next = null;
            lock (_lock)
            {
                for (LinkedListNode<TransferLane>? node = _ready.First; node is not null && next is null && _inFlight < MaxRequestsInFlight;)
                {
                    LinkedListNode<TransferLane>? following = node.Next;
                    TransferLane lane = node.Value;
                    while (lane.Waiters.TryPeek(out LeaseWaiter? head) && head.IsCompleted)
                    {
                        lane.Waiters.Dequeue();
                    }

                    if (lane.Waiters.Count == 0)
                    {
                        _ready.Remove(node);
                        lane.ReadyNode = null;
                    }
                    else if (FitsLocked(lane.Waiters.Peek().Cost.Bytes))
                    {
                        next = lane.Waiters.Dequeue();
                        LendLocked(next.Cost.Bytes);
                        // Served: to the back of the line, if it still waits for more.
                        _ready.Remove(node);
                        lane.ReadyNode = lane.Waiters.Count > 0 ? _ready.AddLast(lane) : null;
                    }

                    node = following;
                }

                Volatile.Write(ref _waitingLanes, _ready.Count);
                if (next is null)
                {
                    return;
                }
            }

            // Outside the lock; a waiter canceled in the meantime refuses, and the slot is taken back.
            if (!next.TryGrant())
            {
                lock (_lock)
                {
                    _inFlight--;
                    _bytesInFlight -= next.Cost.Bytes;
                }
            }
        }
    }

    /// <summary>Whether a request of <paramref name="bytes"/> may be lent a slot now. Called under the lock.</summary>
    private bool FitsLocked(long bytes) =>
        _inFlight < MaxRequestsInFlight && (_bytesInFlight == 0 || _bytesInFlight + bytes <= MaxBytesInFlight);

    private void LendLocked(long bytes)
    {
        _inFlight++;
        _bytesInFlight += bytes;
    }
}
