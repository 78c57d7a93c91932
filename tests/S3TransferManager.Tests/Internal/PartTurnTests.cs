using System.Collections.Concurrent;
using S3TransferManager.Internal;

namespace S3TransferManager.Tests.Internal;

/// <summary>A worker may claim its next part while its current one ends, and start that part's work early.</summary>
public sealed class PartTurnTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task RunAsync_NextPartStartedEarly_RunsItOnTheSameWorkerWithTheStartedWork()
    {
        var handedOver = new ConcurrentDictionary<int, int>();

        await PartWorkers.RunAsync<Opened>(4, 1, async (turn, _) =>
        {
            if (turn.TakeAhead() is { } ahead)
            {
                handedOver[turn.Part] = (await ahead).Part;
            }

            turn.TryStartNext();
        }, default, startNext: (next, _, _) => Task.FromResult(new Opened(next))).WaitAsync(s_bound);

        Assert.Equal(new Dictionary<int, int> { [2] = 2, [3] = 3, [4] = 4 }, handedOver.OrderBy(p => p.Key).ToDictionary());
    }

    [Fact]
    public async Task RunAsync_PartsStartedEarlyOnManyWorkers_RunsEveryPartOnce()
    {
        var seen = new ConcurrentBag<int>();

        await PartWorkers.RunAsync<Opened>(30, 4, async (turn, _) =>
        {
            if (turn.TakeAhead() is { } ahead)
            {
                (await ahead).Dispose();
            }

            seen.Add(turn.Part);
            turn.TryStartNext();
        }, default, startNext: (next, _, _) => Task.FromResult(new Opened(next))).WaitAsync(s_bound);

        Assert.Equal(Enumerable.Range(1, 30), seen.Order());
    }

    [Fact]
    public async Task TryStartNext_SecondCallInOneTurn_ReturnsFalse()
    {
        bool? second = null;

        await PartWorkers.RunAsync<Opened>(3, 1, async (turn, _) =>
        {
            if (turn.TakeAhead() is { } ahead)
            {
                (await ahead).Dispose();
            }

            if (turn.Part == 1)
            {
                turn.TryStartNext();
                second = turn.TryStartNext();
            }
        }, default, startNext: (next, _, _) => Task.FromResult(new Opened(next))).WaitAsync(s_bound);

        Assert.False(second);
    }

    [Fact]
    public async Task TryStartNext_NoPartLeft_ReturnsFalse()
    {
        bool? started = null;

        await PartWorkers.RunAsync<Opened>(1, 1, (turn, _) =>
        {
            started = turn.TryStartNext();
            return ValueTask.CompletedTask;
        }, default, startNext: (next, _, _) => Task.FromResult(new Opened(next))).WaitAsync(s_bound);

        Assert.False(started);
    }

    [Fact]
    public async Task TryStartNext_RunWithoutStartFunction_ReturnsFalseAndClaimsNothing()
    {
        var results = new ConcurrentBag<bool>();
        var seen = new ConcurrentBag<int>();

        await PartWorkers.RunAsync<Opened>(3, 1, (turn, _) =>
        {
            seen.Add(turn.Part);
            results.Add(turn.TryStartNext());
            return ValueTask.CompletedTask;
        }, default).WaitAsync(s_bound);

        Assert.DoesNotContain(true, results);
        Assert.Equal([1, 2, 3], seen.Order());
    }

    [Fact]
    public async Task RunAsync_PartFailsAfterStartingTheNext_DisposesTheUnusedStartedWork()
    {
        Opened? started = null;

        Task run = PartWorkers.RunAsync<Opened>(3, 1, (turn, _) =>
        {
            turn.TryStartNext();
            throw new InvalidOperationException("part failed");
        }, default, startNext: (next, _, _) => Task.FromResult(started = new Opened(next)));

        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_bound));
        Assert.NotNull(started);
        Assert.True(started.Disposed);
    }

    [Fact]
    public async Task RunAsync_StartedWorkNotTaken_DisposesIt()
    {
        var opened = new ConcurrentBag<Opened>();

        await PartWorkers.RunAsync<Opened>(3, 1, (turn, _) =>
        {
            turn.TryStartNext();
            return ValueTask.CompletedTask;
        }, default, startNext: (next, _, _) =>
        {
            var value = new Opened(next);
            opened.Add(value);
            return Task.FromResult(value);
        }).WaitAsync(s_bound);

        Assert.Equal(2, opened.Count);
        Assert.All(opened, o => Assert.True(o.Disposed));
    }

    private sealed class Opened(int part) : IAsyncDisposable, IDisposable
    {
        public int Part => part;

        public bool Disposed { get; private set; }

        public void Dispose() => Disposed = true;

        public ValueTask DisposeAsync()
        {
            Dispose();
            return ValueTask.CompletedTask;
        }
    }
}
