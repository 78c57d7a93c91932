namespace S3TransferManager.Internal;

/// <summary>
/// One worker's turn at one part in <see cref="PartWorkers"/>: the part, the work already started for it by the
/// previous turn (<see cref="TakeAhead"/>), and the means to claim and start this worker's next part early
/// (<see cref="TryStartNext"/>, with the run's start function), so that its request is in flight before this part's
/// body ends. Nothing here is allocated per part beyond the turn itself: the start function is the run's, the
/// callback is static, and the turn is the state of both.
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

    /// <summary>The run's start function (part, the work it follows, the run's token); null: nothing starts early.</summary>
    private readonly Func<int, T?, CancellationToken, Task<T>>? _start;
    private readonly CancellationToken _token;
    private Task<T>? _ahead;
    private int _next;
    private Task<T>? _nextStarted;
    private bool _closed;

    internal PartTurn(int part, Task<T>? ahead, Func<int> claim, Func<int, T?, CancellationToken, Task<T>>? start = null,
        CancellationToken token = default)
    {
        Part = part;
        _ahead = ahead;
        _claim = claim;
        _start = start;
        _token = token;
    }

    /// <summary>Calls <see cref="TryStartNext"/> on the turn passed as its state: a callback (e.g. a body's near-end
    /// one) that costs no delegate per part.</summary>
    public static Action<object?> StartNextCallback { get; } = static turn => ((PartTurn<T>)turn!).TryStartNext();

    /// <summary>The part of this turn.</summary>
    public int Part { get; }

    /// <summary>This part's work (its opened body), once the part action has it: what the next part's early start
    /// follows (its request may share this one's slot).</summary>
    public T? Current { get; set; }

    /// <summary>Takes the work the previous turn started for this part, if it started any; the caller owns it.</summary>
    public Task<T>? TakeAhead() => Interlocked.Exchange(ref _ahead, null);

    /// <summary>Claims this worker's next part now and runs the run's start function for it, after
    /// <see cref="Current"/>, on the pool (not on the caller, which may be a reader in the middle of a read). False
    /// when a next part was already claimed, the worker moved on, no part is left, or the run starts nothing early.</summary>
    public bool TryStartNext()
    {
        lock (_lock)
        {
            if (_closed || _next != 0 || _start is null)
            {
                return false;
            }

            int next = _claim();
            _next = next > 0 ? next : -1;
            if (next <= 0)
            {
                return false;
            }

            // Task.Run(() => _start(next, Current, _token)), without the closure: on the default scheduler, not attached
            // to a parent, unwrapped; StartClaimed reads _next, written before the work is queued.
            _nextStarted = Task.Factory.StartNew(s_startClaimed, this, CancellationToken.None, TaskCreationOptions.DenyChildAttach,
                TaskScheduler.Default).Unwrap();
            return true;
        }
    }

    private Task<T> StartClaimed() => _start!(_next, Current, _token);

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
