using System.Diagnostics.CodeAnalysis;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Parts;

/// <summary>
/// One part's turn in a <see cref="PartEngine{TPart, TStarted}"/>: the part, the work started early for it (if its
/// predecessor started it), the slot its request holds, and the means to start the worker's next part early
/// (<see cref="TryStartNext()"/>) so that the next request is out before this part ends.
/// </summary>
/// <remarks>Invariants: at most one next part per turn; once the worker has moved on (<see cref="Close"/>) nothing more
/// is started, so every part started early has a worker that sees it to its end. Guarded by <see cref="_lock"/>.</remarks>
internal sealed class PartTurn<TPart, TStarted>
    where TStarted : class
{
    /// <summary>Runs <see cref="StartEarly"/> of the turn it is given: one delegate for every turn, where a lambda for
    /// Task.Run would allocate a closure and a delegate per part.</summary>
    private static readonly Func<object?, Task<TStarted>> s_startEarly = static turn => ((PartTurn<TPart, TStarted>)turn!).StartEarly();

    private readonly Lock _lock = new();
    private readonly PartEngine<TPart, TStarted> _engine;

    /// <summary>The work started early for this part; taken once (<see cref="TakeStarted"/>).</summary>
    private Task<TStarted>? _started;

    /// <summary>The slot of the turn that started this one early: its request may share it.</summary>
    private RequestLease? _predecessorSlot;

    /// <summary>The worker's next part, once started early; handed to the worker by <see cref="Close"/>.</summary>
    private PartTurn<TPart, TStarted>? _next;

    private RequestLease? _slot;
    private bool _closed;

    internal PartTurn(TPart part, PartEngine<TPart, TStarted> engine)
    {
        Part = part;
        _engine = engine;
    }

    /// <summary>Calls <see cref="TryStartNext()"/> on the turn passed as its state: a callback (a body's near-end one, a
    /// sent body's) that costs no delegate per part.</summary>
    public static Action<object?> StartNextCallback { get; } = static turn => ((PartTurn<TPart, TStarted>)turn!).TryStartNext();

    /// <summary>The part of this turn.</summary>
    public TPart Part { get; }

    /// <summary>The slot this part's request holds, once it has one (for a part started on a slot at hand, from the
    /// start): the next part, started early, may share it.</summary>
    public RequestLease? Slot
    {
        get => Volatile.Read(ref _slot);
        set => Volatile.Write(ref _slot, value);
    }

    /// <summary>Takes the work started early for this part, if any; the caller owns it.</summary>
    public Task<TStarted>? TakeStarted() => Interlocked.Exchange(ref _started, null);

    /// <summary>Claims this worker's next part now, if one is ready, and starts its work early on the pool (not on the
    /// caller, which may be a reader in the middle of a read); its request follows <see cref="Slot"/>, and may wait
    /// for a slot of its own. False when a next part was already started, the worker moved on, no part is ready, the
    /// run stopped, or it starts nothing early. A call that started nothing may be repeated (a retried body ends
    /// again).</summary>
    public bool TryStartNext() => TryStartNextCore(lane: null);

    /// <summary>As <see cref="TryStartNext()"/>, but only on a slot at hand (a free one, or a share of
    /// <see cref="Slot"/>), asked for only once a part is ready: the next turn starts with it as its
    /// <see cref="Slot"/>, already held, and its work must let it go. With no slot at hand the part is left to whichever
    /// worker is free first, rather than queued behind this one.</summary>
    public bool TryStartNextOnSlotAtHand(TransferLane lane) => TryStartNextCore(lane);

    [SuppressMessage("Reliability", "CA2000", Justification = "The slot at hand goes to the next turn, whose work lets it go; it is disposed here only when no part is claimed.")]
    private bool TryStartNextCore(TransferLane? lane)
    {
        lock (_lock)
        {
            if (_closed || _next is not null || !_engine.StartsEarly)
            {
                return false;
            }

            RequestLease? held = null;
            if (lane is not null && (!_engine.IsPartReady || (held = lane.TryAcquireFollowing(Slot)) is null))
            {
                return false;
            }

            if (!_engine.TryClaim(out TPart? part))
            {
                held?.Dispose();
                return false;
            }

            var next = new PartTurn<TPart, TStarted>(part, _engine) { _predecessorSlot = Slot, _slot = held };
            next._started = Task.Factory.StartNew(s_startEarly, next, CancellationToken.None, TaskCreationOptions.DenyChildAttach,
                TaskScheduler.Default).Unwrap();
            _next = next;
            return true;
        }
    }

    /// <summary>Ends the turn: returns the next part started early (null when none), and refuses every later
    /// <see cref="TryStartNext()"/>.</summary>
    internal PartTurn<TPart, TStarted>? Close()
    {
        lock (_lock)
        {
            _closed = true;
            return _next;
        }
    }

    private Task<TStarted> StartEarly() => _engine.StartEarly(this, _predecessorSlot);
}
