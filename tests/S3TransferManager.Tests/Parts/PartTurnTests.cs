using System.Collections.Concurrent;
using S3TransferManager.Parts;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Parts;

/// <summary>A worker may claim its next part while its current one ends, and start that part's work early.</summary>
public sealed class PartTurnTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task RunAsync_NextPartStartedEarly_RunsItOnTheSameWorkerWithTheStartedWork()
    {
        var handedOver = new ConcurrentDictionary<int, int>();

        await Run(4, 1, async (turn, _) =>
        {
            if (turn.TakeStarted() is { } started)
            {
                handedOver[turn.Part] = (await started).Part;
            }

            turn.TryStartNext();
        }).WaitAsync(s_bound);

        Assert.Equal(new Dictionary<int, int> { [2] = 2, [3] = 3, [4] = 4 }, handedOver.OrderBy(p => p.Key).ToDictionary());
    }

    [Fact]
    public async Task RunAsync_PartsStartedEarlyOnManyWorkers_RunsEveryPartOnce()
    {
        var seen = new ConcurrentBag<int>();

        await Run(30, 4, async (turn, _) =>
        {
            if (turn.TakeStarted() is { } started)
            {
                (await started).Dispose();
            }

            seen.Add(turn.Part);
            turn.TryStartNext();
        }).WaitAsync(s_bound);

        Assert.Equal(Enumerable.Range(1, 30), seen.Order());
    }

    [Fact]
    public async Task RunAsync_PartStartedEarly_GetsTheSlotOfTheTurnThatStartedIt()
    {
        RequestLease lease = RequestLease.Lend(new RequestScheduler(1), RequestCost.Control);
        var predecessorSlots = new ConcurrentBag<RequestLease?>();

        await Run(2, 1, async (turn, _) =>
        {
            if (turn.TakeStarted() is { } started)
            {
                (await started).Dispose();
                return;
            }

            turn.Slot = lease;
            turn.TryStartNext();
        }, (turn, predecessorSlot) =>
        {
            predecessorSlots.Add(predecessorSlot);
            return new Opened(turn.Part);
        }).WaitAsync(s_bound);

        Assert.Same(lease, Assert.Single(predecessorSlots));
    }

    [Fact]
    public async Task TryStartNext_SecondCallInOneTurn_ReturnsFalse()
    {
        bool? second = null;

        await Run(3, 1, async (turn, _) =>
        {
            if (turn.TakeStarted() is { } started)
            {
                (await started).Dispose();
            }

            if (turn.Part == 1)
            {
                turn.TryStartNext();
                second = turn.TryStartNext();
            }
        }).WaitAsync(s_bound);

        Assert.False(second);
    }

    [Fact]
    public async Task TryStartNext_NoPartLeft_ReturnsFalse()
    {
        bool? started = null;

        await Run(1, 1, (turn, _) =>
        {
            started = turn.TryStartNext();
            return ValueTask.CompletedTask;
        }).WaitAsync(s_bound);

        Assert.False(started);
    }

    [Fact]
    public async Task TryStartNext_EngineWithoutEarlyStart_ReturnsFalseAndClaimsNothing()
    {
        var results = new ConcurrentBag<bool>();
        var seen = new ConcurrentBag<int>();

        await new PartEngine<int, Opened>(new NumberedParts(3), 1, (turn, _) =>
        {
            seen.Add(turn.Part);
            results.Add(turn.TryStartNext());
            return ValueTask.CompletedTask;
        }, null, TimeProvider.System).RunAsync(CancellationToken.None).WaitAsync(s_bound);

        Assert.DoesNotContain(true, results);
        Assert.Equal([1, 2, 3], seen.Order());
    }

    [Fact]
    public async Task RunAsync_PartFailsAfterStartingTheNext_DisposesTheUnusedStartedWork()
    {
        Opened? started = null;

        Task run = Run(3, 1, (turn, _) =>
        {
            turn.TryStartNext();
            throw new InvalidOperationException("part failed");
        }, (turn, _) => started = new Opened(turn.Part));

        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_bound));
        Assert.NotNull(started);
        Assert.True(started.Disposed);
    }

    [Fact]
    public async Task RunAsync_StartedWorkNotTaken_DisposesIt()
    {
        var opened = new ConcurrentBag<Opened>();

        await Run(3, 1, (turn, _) =>
        {
            turn.TryStartNext();
            return ValueTask.CompletedTask;
        }, (turn, _) =>
        {
            var value = new Opened(turn.Part);
            opened.Add(value);
            return value;
        }).WaitAsync(s_bound);

        Assert.Equal(2, opened.Count);
        Assert.All(opened, o => Assert.True(o.Disposed));
    }

    [Fact]
    public async Task RunAsync_WorkStartedEarlyFails_StopsTheRunBeforeItsWorkerGetsToIt()
    {
        var failure = new InvalidOperationException("early start failed");
        var firstCanceled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        var engine = new PartEngine<int, Opened>(new NumberedParts(3), 1, async (turn, token) =>
        {
            if (turn.Part == 1)
            {
                turn.TryStartNext();
                // Ends only when the early start's failure cancels it: its worker never got to part 2.
                await Task.Delay(Timeout.InfiniteTimeSpan, token).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
                firstCanceled.TrySetResult();
            }
        }, null, TimeProvider.System, (_, _, _) => Task.FromException<Opened>(failure), static opened => opened.DisposeAsync());

        Assert.Same(failure, await Assert.ThrowsAsync<InvalidOperationException>(() => engine.RunAsync(CancellationToken.None).WaitAsync(s_bound)));
        Assert.True(firstCanceled.Task.IsCompleted);
    }

    [Fact]
    public async Task TryStartNextOnSlotAtHand_SlotFree_StartsTheNextPartHoldingIt()
    {
        var scheduler = new RequestScheduler(2);
        var lane = new TransferLane(scheduler);
        RequestLease? heldByPart2 = null;
        int inFlightWhilePart2Ran = -1;

        await Run(2, 1, async (turn, _) =>
        {
            if (turn.TakeStarted() is { } started)
            {
                (await started).Dispose();
                return;
            }

            Assert.True(turn.TryStartNextOnSlotAtHand(lane));
        }, (turn, _) =>
        {
            heldByPart2 = turn.Slot;
            inFlightWhilePart2Ran = scheduler.InFlight;
            turn.Slot!.Dispose();
            return new Opened(turn.Part);
        }).WaitAsync(s_bound);

        Assert.NotNull(heldByPart2);
        Assert.Equal(1, inFlightWhilePart2Ran);
        Assert.Equal(0, scheduler.InFlight);
    }

    [Fact]
    public async Task TryStartNextOnSlotAtHand_NoSlotAtHand_LeavesTheNextPartToAWorker()
    {
        var scheduler = new RequestScheduler(1, allowSharedSlots: false);
        Assert.True(scheduler.TryAcquire(RequestCost.Control));
        var lane = new TransferLane(scheduler);
        var parts = new List<(int Part, bool Early)>();

        await Run(3, 1, async (turn, _) =>
        {
            Task<Opened>? started = turn.TakeStarted();
            lock (parts)
            {
                parts.Add((turn.Part, started is not null));
            }

            if (started is not null)
            {
                (await started).Dispose();
            }

            Assert.False(turn.TryStartNextOnSlotAtHand(lane));
        }).WaitAsync(s_bound);

        Assert.Equal([(1, false), (2, false), (3, false)], parts);
        Assert.Equal(1, scheduler.InFlight);
    }

    [Fact]
    public async Task TryStartNextOnSlotAtHand_NoPartLeft_TakesNoSlot()
    {
        var scheduler = new RequestScheduler(1);
        var lane = new TransferLane(scheduler);
        bool? started = null;

        await Run(1, 1, (turn, _) =>
        {
            started = turn.TryStartNextOnSlotAtHand(lane);
            return ValueTask.CompletedTask;
        }).WaitAsync(s_bound);

        Assert.False(started);
        Assert.Equal(0, scheduler.InFlight);
    }

    /// <summary>Parts 1..<paramref name="count"/> whose early start makes an <see cref="Opened"/> (by
    /// <paramref name="open"/>, given the turn and its predecessor's slot), disposed when unused.</summary>
    private static Task Run(int count, int workers, PartAction<int, Opened> action, Func<PartTurn<int, Opened>, RequestLease?, Opened>? open = null) =>
        new PartEngine<int, Opened>(new NumberedParts(count), workers, action, null, TimeProvider.System,
            (turn, predecessorSlot, _) => Task.FromResult(open is null ? new Opened(turn.Part) : open(turn, predecessorSlot)),
            static opened => opened.DisposeAsync()).RunAsync(CancellationToken.None);

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
