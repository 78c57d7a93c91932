using System.Collections.Concurrent;
using System.Threading.Channels;
using S3TransferManager.Parts;
using S3TransferManager.TestSupport;

namespace S3TransferManager.Tests.Parts;

/// <summary>The part engine on numbered parts: claim order, concurrency, first error wins, bounded drain.</summary>
public sealed class PartEngineTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(10);

    [Fact]
    public async Task RunAsync_OnePartFails_ThrowsThatFailureNotTheCancellationsItCauses()
    {
        var othersWaiting = new Arrivals(2);
        var failure = new InvalidOperationException("part 1 failed");

        Task run = Run(3, 3, async (part, token) =>
        {
            if (part == 1)
            {
                await othersWaiting.AllArrived.WaitAsync(s_bound);
                throw failure;
            }

            othersWaiting.Arrive();
            await Task.Delay(Timeout.InfiniteTimeSpan, token);
        }, default);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_bound));
        Assert.Same(failure, error);
    }

    [Fact]
    public async Task RunAsync_CallerCancels_ThrowsOperationCanceledForTheCallersToken()
    {
        using var cts = new CancellationTokenSource();
        var allWaiting = new Arrivals(3);

        Task run = Run(3, 3, async (_, token) =>
        {
            allWaiting.Arrive();
            await Task.Delay(Timeout.InfiniteTimeSpan, token);
        }, cts.Token);
        await allWaiting.AllArrived.WaitAsync(s_bound);
        await cts.CancelAsync();

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => run.WaitAsync(s_bound));
        Assert.Equal(cts.Token, error.CancellationToken);
    }

    [Fact]
    public async Task RunAsync_TwoWorkers_ClaimsPartsInIncreasingOrder()
    {
        var started = Channel.CreateUnbounded<int>();
        var gates = Enumerable.Range(0, 5).Select(_ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).ToArray();

        Task run = Run(4, 2, async (part, _) =>
        {
            started.Writer.TryWrite(part);
            await gates[part].Task;
        }, default);

        // The lowest parts go first; each freed worker takes the lowest part not yet claimed.
        Assert.Equal([1, 2], (await NextAsync(started, 2)).Order());
        gates[1].SetResult();
        Assert.Equal([3], await NextAsync(started, 1));
        gates[2].SetResult();
        Assert.Equal([4], await NextAsync(started, 1));
        gates[3].SetResult();
        gates[4].SetResult();
        await run.WaitAsync(s_bound);
    }

    [Fact]
    public async Task RunAsync_MorePartsThanWorkers_RunsAtMostWorkerCountActionsAtOnce()
    {
        const int Workers = 3;
        int running = 0;
        int maxRunning = 0;
        var allBusy = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        await Run(12, Workers, async (part, _) =>
        {
            int now = Interlocked.Increment(ref running);
            InterlockedMax(ref maxRunning, now);
            if (now == Workers)
            {
                allBusy.TrySetResult();
            }

            // The first parts hold their workers until all are busy at once, so the peak is reached for sure.
            if (part <= Workers)
            {
                await allBusy.Task.WaitAsync(s_bound);
            }

            await Task.Yield();
            Interlocked.Decrement(ref running);
        }, default).WaitAsync(s_bound);

        Assert.Equal(Workers, maxRunning);
    }

    [Fact]
    public async Task RunAsync_OnePartFails_ReturnsOnlyAfterTheOtherActionsFinish()
    {
        var cancelSeen = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var secondStarted = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        bool secondFinished = false;

        Task run = Run(2, 2, async (part, token) =>
        {
            if (part == 1)
            {
                await secondStarted.Task.WaitAsync(s_bound);
                throw new InvalidOperationException("part 1 failed");
            }

            secondStarted.SetResult();
            try
            {
                await Task.Delay(Timeout.InfiniteTimeSpan, token);
            }
            catch (OperationCanceledException)
            {
                // Still cleaning up after the cancellation: RunAsync must not return before this ends.
                cancelSeen.SetResult();
                await release.Task.WaitAsync(s_bound);
                secondFinished = true;
                throw;
            }
        }, default);
        await cancelSeen.Task.WaitAsync(s_bound);

        Assert.False(run.IsCompleted);
        release.SetResult();
        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_bound));
        Assert.True(secondFinished);
    }

    [Fact]
    public async Task RunAsync_AllSucceed_RunsEveryPartOnce()
    {
        var seen = new ConcurrentBag<int>();

        await Run(20, 4, (part, _) =>
        {
            seen.Add(part);
            return Task.CompletedTask;
        }, default).WaitAsync(s_bound);

        Assert.Equal(Enumerable.Range(1, 20), seen.Order());
    }

    /// <summary>Parts 1..<paramref name="count"/> on <paramref name="workers"/> workers, with no early start.</summary>
    private static Task Run(int count, int workers, Func<int, CancellationToken, Task> action, CancellationToken cancellationToken,
        TimeSpan? drainLimit = null, TimeProvider? time = null) =>
        new PartEngine<int, object>(new NumberedParts(count), workers, (turn, token) => new ValueTask(action(turn.Part, token)), drainLimit,
            time ?? TimeProvider.System).RunAsync(cancellationToken);

    private static async Task<List<int>> NextAsync(Channel<int> started, int count)
    {
        var parts = new List<int>();
        for (int i = 0; i < count; i++)
        {
            parts.Add(await started.Reader.ReadAsync().AsTask().WaitAsync(s_bound));
        }

        return parts;
    }

    private static void InterlockedMax(ref int target, int value)
    {
        int current = Volatile.Read(ref target);
        while (value > current)
        {
            int seen = Interlocked.CompareExchange(ref target, value, current);
            if (seen == current)
            {
                return;
            }

            current = seen;
        }
    }

    /// <summary>Completes <see cref="AllArrived"/> when <c>expected</c> actions have called <see cref="Arrive"/>.</summary>
    private sealed class Arrivals(int expected)
    {
        private readonly TaskCompletionSource _all = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private int _arrived;

        public Task AllArrived => _all.Task;

        public void Arrive()
        {
            if (Interlocked.Increment(ref _arrived) == expected)
            {
                _all.SetResult();
            }
        }
    }

    [Fact]
    public async Task RunAsync_AWorkerIgnoresCancellationAfterAFailure_ReturnsTheFailureAfterTheDrainLimit()
    {
        var time = new TimerRecordingTimeProvider();
        var stuck = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var failure = new IOException("part 2 failed");
        Task run = Run(2, 2, async (part, _) =>
        {
            if (part == 1)
            {
                started.TrySetResult();
                await stuck.Task; // ignores its token, like an SDK call that never returns
            }
            else
            {
                await started.Task;
                throw failure;
            }
        }, CancellationToken.None, TimeSpan.FromSeconds(30), time);

        TimeSpan due = await time.NextTimerAsync();
        Assert.False(run.IsCompleted);
        time.Advance(due);

        Assert.Same(failure, await Assert.ThrowsAsync<IOException>(() => run.WaitAsync(TimeSpan.FromSeconds(10))));
        stuck.TrySetResult();
    }

    [Fact]
    public async Task RunAsync_AWorkerIgnoresCancellationPastTheDrainLimit_CountsItAsStillRunning()
    {
        var time = new TimerRecordingTimeProvider();
        var stuck = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var engine = new PartEngine<int, object>(new NumberedParts(2), 2, async (turn, _) =>
        {
            if (turn.Part == 1)
            {
                started.TrySetResult();
                await stuck.Task;
            }
            else
            {
                await started.Task;
                throw new IOException("part 2 failed");
            }
        }, TimeSpan.FromSeconds(30), time);

        Task run = engine.RunAsync(CancellationToken.None);
        time.Advance(await time.NextTimerAsync());

        await Assert.ThrowsAsync<IOException>(() => run.WaitAsync(s_bound));
        Assert.Equal(1, engine.StillRunning);
        stuck.TrySetResult();
    }

    [Fact]
    public async Task RunAsync_SecondCall_ThrowsInvalidOperation()
    {
        var engine = new PartEngine<int, object>(new NumberedParts(1), 1, (_, _) => ValueTask.CompletedTask, null, TimeProvider.System);
        await engine.RunAsync(CancellationToken.None).WaitAsync(s_bound);

        await Assert.ThrowsAsync<InvalidOperationException>(() => engine.RunAsync(CancellationToken.None));
    }
}
