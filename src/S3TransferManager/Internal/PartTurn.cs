namespace S3TransferManager.Internal;

/// <summary>
/// One worker's turn at one part in <see cref="PartWorkers"/>: the part, the work already started for it by the
/// previous turn (<see cref="TakeAhead"/>), and the means to claim and start this worker's next part early
/// (<see cref="TryStartNext"/>), so that its request is in flight before this part's body ends.
/// </summary>
/// <remarks>Invariants: at most one next part per turn; once the worker has moved on (<see cref="Close"/>), nothing
/// more is started, so no work started early is ever left without an owner. Guarded by <see cref="_lock"/>.</remarks>
/// <typeparam name="T">What the early start produces (an opened body), disposed if nobody takes it.</typeparam>
internal sealed class PartTurn<T>
    where T : class, IAsyncDisposable
{
    /// <summary>Runs <see cref="StartClaimed"/> of the turn it is given: one delegate for every turn, where a lambda
    /// for Task.Run would allocate a closure and a delegate per part.</summary>
    private static readonly Func<object?, Task<T>> s_startClaimed = static turn => ((PartTurn<T>)turn!).StartClaimed();

    private readonly Lock _lock = new();
    private readonly Func<int> _claim;
    private Task<T>? _ahead;
    private int _next;
    private Task<T>? _nextStarted;
    private bool _closed;

    /// <summary>What <see cref="TryStartNext"/> runs for <see cref="_next"/>; set once, before it is queued.</summary>
    private Func<int, Task<T>>? _start;

    internal PartTurn(int part, Task<T>? ahead, Func<int> claim)
    {
        Part = part;
        _ahead = ahead;
        _claim = claim;
    }

    /// <summary>The part of this turn.</summary>
    public int Part { get; }

    /// <summary>Takes the work the previous turn started for this part, if it started any; the caller owns it.</summary>
    public Task<T>? TakeAhead() => Interlocked.Exchange(ref _ahead, null);

    /// <summary>Claims this worker's next part now and runs <paramref name="start"/> for it on the pool (not on the
    /// caller, which may be a reader in the middle of a read). False when a next part was already claimed, the
    /// worker moved on, or no part is left.</summary>
    public bool TryStartNext(Func<int, Task<T>> start)
    {
        lock (_lock)
        {
            if (_closed || _next != 0)
            {
                return false;
            }

            int next = _claim();
            _next = next > 0 ? next : -1;
            if (next <= 0)
            {
                return false;
            }

            // Task.Run(() => start(next)), without the closure: on the default scheduler, not attached to a parent,
            // unwrapped; StartClaimed reads _start and _next, written before the work is queued.
            _start = start;
            _nextStarted = Task.Factory.StartNew(s_startClaimed, this, CancellationToken.None, TaskCreationOptions.DenyChildAttach,
                TaskScheduler.Default).Unwrap();
            return true;
        }
    }

    private Task<T> StartClaimed() => _start!(_next);

    /// <summary>Ends the turn: returns the part claimed early and its started work (0 and null when none), and
    /// refuses every later <see cref="TryStartNext"/>.</summary>
    internal (int Part, Task<T>? Started) Close()
    {
        lock (_lock)
        {
            _closed = true;
            return _next > 0 ? (_next, _nextStarted) : (0, null);
        }
    }

    /// <summary>Waits for work started early that nobody took, and disposes what it produced.</summary>
    internal static async Task DisposeUnusedAsync(Task<T>? started)
    {
        if (started is null)
        {
            return;
        }

        try
        {
            T value = await started.ConfigureAwait(false);
            await value.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Its error is not the transfer's: the transfer already failed or was cancelled, which is why it is unused.
        }
    }
}
