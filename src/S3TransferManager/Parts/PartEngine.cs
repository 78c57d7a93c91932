using System.Diagnostics.CodeAnalysis;
using System.Runtime.ExceptionServices;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Parts;

/// <summary>Does one part's work on a worker: its turn. Returns a <see cref="ValueTask"/> awaited once, so that the
/// work's state machine may come from a pool.</summary>
internal delegate ValueTask PartAction<TPart, TStarted>(PartTurn<TPart, TStarted> turn, CancellationToken cancellationToken)
    where TStarted : class;

/// <summary>Starts a part's work before its worker gets to it (see <see cref="PartTurn{TPart, TStarted}.TryStartNext()"/>):
/// its request goes out on a slot that follows <paramref name="predecessorSlot"/> (a free one, a share of that one, or
/// the transfer's next turn). Runs on the thread pool.</summary>
internal delegate Task<TStarted> EarlyStart<TPart, TStarted>(PartTurn<TPart, TStarted> turn, RequestLease? predecessorSlot,
    CancellationToken cancellationToken)
    where TStarted : class;

/// <summary>
/// The one way this library runs a transfer's parts at once, for downloads, OpenStream and uploads alike:
/// <list type="bullet">
/// <item>a fixed number of workers claim parts in order from an <see cref="IPartFeed{TPart}"/>, so the part a reader
/// or a Complete needs first is always claimed first;</item>
/// <item>a worker may start its next part early, on the slot its current part holds, while that part ends
/// (<see cref="PartTurn{TPart, TStarted}.TryStartNext()"/>): the round trip to the next first byte is hidden;</item>
/// <item>the first failure wins: it is the error the caller gets, and it cancels every other part (a part started
/// early that fails stops the run at once, not when its worker gets to it);</item>
/// <item>after a failure or cancellation the parts get a bounded time to stop (the drain limit); one stuck in a call that
/// ignores cancellation is then left behind, counted in <see cref="StillRunning"/>, so the caller still gets an answer.</item>
/// </list>
/// No list grows with the part count. A claimed part's work always runs (its action, or its early start), even when
/// the run stopped meanwhile, so the work is where the part's resources are let go, on every path.
/// </summary>
/// <typeparam name="TPart">What a part is (its number, or its body).</typeparam>
/// <typeparam name="TStarted">What a part's early start produces (an opened body, an uploaded part).</typeparam>
/// <remarks>Runs once. Invariants: <see cref="_running"/> counts the workers and the producer not yet stopped; the
/// drain completes when it reaches 0, and only then are unclaimed parts let go.</remarks>
internal sealed class PartEngine<TPart, TStarted>
    where TStarted : class
{
    private readonly IPartFeed<TPart> _feed;
    private readonly int _workers;
    private readonly PartAction<TPart, TStarted> _action;
    private readonly EarlyStart<TPart, TStarted>? _startEarly;

    /// <summary>Lets go of what an early start produced when no turn took it (the run stopped); null: nothing to do.</summary>
    private readonly Func<TStarted, ValueTask>? _discard;

    /// <summary>How long parts are waited for after a failure or cancellation; null: as long as they take.</summary>
    private readonly TimeSpan? _drainLimit;
    private readonly TimeProvider _time;

    /// <summary>Completed when <see cref="_running"/> reaches 0: every part the run started is over.</summary>
    private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private int _running;
    private int _ran;
    private Exception? _firstError;

    /// <summary>Canceled by the caller or by the first failure; disposed when <see cref="RunAsync"/> returns
    /// (<see cref="Fail"/> copes with a part left behind that fails later).</summary>
    private CancellationTokenSource? _failFast;

    /// <summary>Its token, kept apart from the source, which <see cref="RunAsync"/> disposes.</summary>
    private CancellationToken _token;

    /// <param name="feed">Where the parts come from, in order.</param>
    /// <param name="workers">How many parts are worked on at once, not counting parts started early.</param>
    /// <param name="action">Does one part's work; its token is canceled by the first failure or the caller.</param>
    /// <param name="drainLimit">How long parts are waited for after a failure or cancellation; null: as long as they take.</param>
    /// <param name="time">The clock of <paramref name="drainLimit"/>.</param>
    /// <param name="startEarly">Starts a part's work before its worker gets to it; null: nothing starts early.</param>
    /// <param name="discardUnused">Lets go of what an early start produced when no turn took it.</param>
    public PartEngine(IPartFeed<TPart> feed, int workers, PartAction<TPart, TStarted> action, TimeSpan? drainLimit, TimeProvider time,
        EarlyStart<TPart, TStarted>? startEarly = null, Func<TStarted, ValueTask>? discardUnused = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(workers, 1);
        _feed = feed;
        _workers = workers;
        _action = action;
        _drainLimit = drainLimit;
        _time = time;
        _startEarly = startEarly;
        _discard = discardUnused;
    }

    /// <summary>Completes when every part the run started is over (after a cancellation, maybe after the run returned).</summary>
    public Task Drained => _drained.Task;

    /// <summary>Workers, plus the feed's producer, that had not stopped when <see cref="RunAsync"/> returned (only ever
    /// after a failure or cancellation, past the drain limit).</summary>
    public int StillRunning => Volatile.Read(ref _running);

    internal bool StartsEarly => _startEarly is not null;

    /// <summary>Runs every part. Throws the first failure, or <see cref="OperationCanceledException"/> when the caller
    /// canceled.</summary>
    public async Task RunAsync(CancellationToken cancellationToken)
    {
        if (Interlocked.Exchange(ref _ran, 1) != 0)
        {
            throw new InvalidOperationException("A part engine runs once.");
        }

        using var failFast = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        _failFast = failFast;
        _token = failFast.Token;
        _running = _workers + 1;
        // Not awaited directly: a source read that ignores cancellation (a caller's stream) is bounded like a part.
        _ = ProduceAsync();
        for (int i = 0; i < _workers; i++)
        {
            // On the pool, not on the caller's context, so the workers begin side by side; a worker never faults.
            _ = Task.Run(WorkAsync, CancellationToken.None);
        }

        // While nothing failed, the parts are doing their job: wait as long as they take. Then bounded: after a failure
        // by the drain limit, after the caller's cancellation only briefly, so the caller gets its answer at once (a
        // part left behind lets its resources go when it ends; Drained says when).
        await _drained.Task.WaitAsync(_token).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (!_drained.Task.IsCompleted)
        {
            TimeSpan? bound = cancellationToken.IsCancellationRequested && (_drainLimit is not { } drain || drain > TransferLimits.CancelGrace)
                ? TransferLimits.CancelGrace
                : _drainLimit;
            Task drained = bound is { } limit ? _drained.Task.WaitAsync(limit, _time, CancellationToken.None) : _drained.Task;
            await drained.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }

        cancellationToken.ThrowIfCancellationRequested();
        if (Volatile.Read(ref _firstError) is { } error)
        {
            ExceptionDispatchInfo.Throw(error);
        }
    }

    /// <summary>Whether a part could be claimed now and the run goes on.</summary>
    internal bool IsPartReady => !_token.IsCancellationRequested && _feed.IsPartReady;

    /// <summary>The next part in order, if one is ready now and the run goes on.</summary>
    internal bool TryClaim([MaybeNullWhen(false)] out TPart part)
    {
        if (_token.IsCancellationRequested)
        {
            part = default;
            return false;
        }

        return _feed.TryClaim(out part);
    }

    /// <summary>Starts <paramref name="turn"/>'s work early; a failure of that work stops the run at once.</summary>
    internal Task<TStarted> StartEarly(PartTurn<TPart, TStarted> turn, RequestLease? predecessorSlot)
    {
        Task<TStarted> started = _startEarly!(turn, predecessorSlot, _token);
        _ = started.ContinueWith(static (task, engine) => ((PartEngine<TPart, TStarted>)engine!).Fail(task.Exception!.InnerException!), this,
            CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        return started;
    }

    private async Task ProduceAsync()
    {
        try
        {
            await _feed.ProduceAsync(_token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Fail(e);
        }
        finally
        {
            Finished();
        }
    }

    private async Task WorkAsync()
    {
        try
        {
            PartTurn<TPart, TStarted>? turn = null;
            while (true)
            {
                turn ??= await ClaimAsync().ConfigureAwait(false);
                if (turn is null)
                {
                    return;
                }

                bool succeeded = await RunTurnAsync(turn).ConfigureAwait(false);
                // The part this one started early is this worker's next: it is seen to its end here, whatever happens.
                PartTurn<TPart, TStarted>? next = turn.Close();
                if (!succeeded || _token.IsCancellationRequested)
                {
                    await DiscardAsync(next).ConfigureAwait(false);
                    return;
                }

                turn = next;
            }
        }
        finally
        {
            Finished();
        }
    }

    /// <summary>A turn for the next part in order, waiting for one to be ready; null when none is left or the run stopped.</summary>
    private async ValueTask<PartTurn<TPart, TStarted>?> ClaimAsync()
    {
        try
        {
            while (await _feed.WaitToClaimAsync(_token).ConfigureAwait(false))
            {
                if (TryClaim(out TPart? part))
                {
                    return new PartTurn<TPart, TStarted>(part, this);
                }

                if (_token.IsCancellationRequested)
                {
                    return null;
                }
            }
        }
        catch (OperationCanceledException) when (_token.IsCancellationRequested)
        {
            // Stopped by a failure or the caller; that error is recorded where it happened.
        }

        return null;
    }

    /// <summary>Runs the part's action; false when it failed (the failure is recorded). Never throws.</summary>
    private async ValueTask<bool> RunTurnAsync(PartTurn<TPart, TStarted> turn)
    {
        bool succeeded = true;
        try
        {
            await _action(turn, _token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Fail(e);
            succeeded = false;
        }

        // Work started early for this part that its action did not take (it failed before it got to it).
        await DiscardStartedAsync(turn.TakeStarted()).ConfigureAwait(false);
        return succeeded;
    }

    /// <summary>Ends a chain of parts started early that no worker will run: each one's started work is waited for
    /// (it was canceled) and what it produced let go.</summary>
    private async Task DiscardAsync(PartTurn<TPart, TStarted>? turn)
    {
        while (turn is not null)
        {
            await DiscardStartedAsync(turn.TakeStarted()).ConfigureAwait(false);
            turn = turn.Close();
        }
    }

    private async ValueTask DiscardStartedAsync(Task<TStarted>? started)
    {
        if (started is null)
        {
            return;
        }

        try
        {
            TStarted value = await started.ConfigureAwait(false);
            if (_discard is not null)
            {
                await _discard(value).ConfigureAwait(false);
            }
        }
        catch (Exception)
        {
            // Recorded when it failed (StartEarly), or a consequence of the failure or cancellation that stopped the run.
        }
    }

    private void Finished()
    {
        if (Interlocked.Decrement(ref _running) != 0)
        {
            return;
        }

        _feed.DiscardUnclaimed();
        _drained.TrySetResult();
    }

    private void Fail(Exception error)
    {
        Interlocked.CompareExchange(ref _firstError, error, null);
        CancellationTokenSource failFast = _failFast!;
        if (failFast.IsCancellationRequested)
        {
            return;
        }

        try
        {
            // Not awaited: the callbacks (the SDK's, HttpClient's) run on the pool, and a failing part must not wait
            // on them before it lets its slots go; the drain is what waits, and it is bounded.
            _ = failFast.CancelAsync().ContinueWith(static t => t.Exception, CancellationToken.None,
                TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }
        catch (ObjectDisposedException)
        {
            // The run has returned (this part was left behind); nothing is left to cancel.
        }
    }
}
