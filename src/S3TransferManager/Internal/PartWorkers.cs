using System.Runtime.ExceptionServices;

namespace S3TransferManager.Internal;

/// <summary>
/// Runs one action per part on a fixed number of workers that claim parts in increasing order, so the part a reader
/// needs next is always already claimed. A worker may claim its next part early, while its current part ends
/// (<see cref="PartTurn{T}.TryStartNext"/>), and start that part's request then. The first failure cancels the rest;
/// it is the error the caller sees, unless the caller itself cancelled. No list of tasks grows with the part count.
/// After a failure or cancellation, the workers get <c>drainLimit</c> to stop; one stuck in a call that ignores
/// cancellation is then left behind, so the caller still gets an answer.
/// </summary>
internal static class PartWorkers
{
    /// <param name="partCount">Parts 1..partCount are run.</param>
    /// <param name="workerCount">How many run at once.</param>
    /// <param name="partAction">Runs one part; its token is canceled by the first failure or the caller.</param>
    /// <param name="cancellationToken">The caller's token.</param>
    /// <param name="drainLimit">How long stopped workers are waited for after a failure or cancellation; null: as
    /// long as they take.</param>
    /// <param name="time">The clock of <paramref name="drainLimit"/>; <see cref="TimeProvider.System"/> when null.</param>
    public static Task RunAsync(int partCount, int workerCount, Func<int, CancellationToken, Task> partAction,
        CancellationToken cancellationToken, TimeSpan? drainLimit = null, TimeProvider? time = null) =>
        RunAsync<IAsyncDisposable>(partCount, workerCount, (turn, token) => new ValueTask(partAction(turn.Part, token)), cancellationToken, drainLimit, time);

    /// <summary>As the other overload, with each part's <see cref="PartTurn{T}"/>: the work started early for it, and
    /// the means to start the worker's next part early (<paramref name="startNext"/>: the part, the work of the part it
    /// follows, the run's token; null when nothing starts early). The action returns a <see cref="ValueTask"/>, awaited once, so
    /// that a part's state machine may come from a pool.</summary>
    public static async Task RunAsync<T>(int partCount, int workerCount, Func<PartTurn<T>, CancellationToken, ValueTask> partAction,
        CancellationToken cancellationToken, TimeSpan? drainLimit = null, TimeProvider? time = null,
        Func<int, T?, CancellationToken, Task<T>>? startNext = null)
        where T : class, IAsyncDisposable
    {
        using var failFast = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var state = new State<T>(partCount, partAction, startNext, failFast);
        var workers = new Task[Math.Min(workerCount, partCount)];
        for (int i = 0; i < workers.Length; i++)
        {
            workers[i] = state.WorkAsync();
        }

        // Workers record their errors instead of throwing, so this task never faults.
        Task all = Task.WhenAll(workers);
        await all.WaitAsync(failFast.Token).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (!all.IsCompleted)
        {
            Task drained = drainLimit is { } limit ? all.WaitAsync(limit, time ?? TimeProvider.System, CancellationToken.None) : all;
            await drained.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }

        cancellationToken.ThrowIfCancellationRequested();
        if (state.FirstError is { } error)
        {
            ExceptionDispatchInfo.Throw(error);
        }
    }

    private sealed class State<T>
        where T : class, IAsyncDisposable
    {
        private readonly int _partCount;
        private readonly Func<PartTurn<T>, CancellationToken, ValueTask> _partAction;
        private readonly Func<int, T?, CancellationToken, Task<T>>? _startNext;
        private readonly CancellationTokenSource _failFast;

        // Made once: every turn claims through it, where a method group would allocate a delegate per part.
        private readonly Func<int> _claim;
        private int _lastClaimed;
        private Exception? _firstError;

        public State(int partCount, Func<PartTurn<T>, CancellationToken, ValueTask> partAction,
            Func<int, T?, CancellationToken, Task<T>>? startNext, CancellationTokenSource failFast)
        {
            _partCount = partCount;
            _partAction = partAction;
            _startNext = startNext;
            _failFast = failFast;
            _claim = Claim;
        }

        public Exception? FirstError => Volatile.Read(ref _firstError);

        public async Task WorkAsync()
        {
            // Start on the pool, not inline on the caller, so workers begin their GETs side by side.
            await Task.Yield();
            CancellationToken token = _failFast.Token;
            int part = Claim();
            Task<T>? ahead = null;
            while (part > 0)
            {
                var turn = new PartTurn<T>(part, ahead, _claim, _startNext, token);
                try
                {
                    await _partAction(turn, token).ConfigureAwait(false);
                }
                catch (Exception e)
                {
                    Interlocked.CompareExchange(ref _firstError, e, null);
                    await _failFast.CancelAsync().ConfigureAwait(false);
                    await PartTurn<T>.DisposeUnusedAsync(turn.TakeAhead()).ConfigureAwait(false);
                    await PartTurn<T>.DisposeUnusedAsync(turn.Close().Started).ConfigureAwait(false);
                    return;
                }

                await PartTurn<T>.DisposeUnusedAsync(turn.TakeAhead()).ConfigureAwait(false);
                (part, ahead) = turn.Close();
                if (part == 0)
                {
                    part = Claim();
                }
                else if (token.IsCancellationRequested)
                {
                    await PartTurn<T>.DisposeUnusedAsync(ahead).ConfigureAwait(false);
                    return;
                }
            }
        }

        /// <summary>The next part in order; 0 when none is left or the run stopped.</summary>
        private int Claim()
        {
            if (_failFast.IsCancellationRequested)
            {
                return 0;
            }

            int part = Interlocked.Increment(ref _lastClaimed);
            return part <= _partCount ? part : 0;
        }
    }
}
