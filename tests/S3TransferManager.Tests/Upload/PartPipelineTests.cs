using S3TransferManager.Scheduling;
using S3TransferManager.Tests.TestSupport;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

public sealed class PartPipelineTests
{
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);
    private static readonly TimeSpan s_drainLimit = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task RunAsync_OnePartFailsWhileOthersRun_ThrowsThatFailureNotTheCancellationsItCaused()
    {
        var parts = new ScriptedParts(3);
        var pipeline = Pipeline(3, parts);

        Task run = pipeline.RunAsync(new FakePartSource(3), CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        // Parts 2 and 3 honour the cancellation part 1's failure causes: they end with OperationCanceledException.
        parts.Release(1, new InvalidOperationException("first"));

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.Equal("first", error.Message);
    }

    [Fact]
    public async Task RunAsync_TwoPartsFail_ThrowsTheEarlierFailure()
    {
        var parts = new ScriptedParts(2, honourCancellation: false);
        var pipeline = Pipeline(2, parts);

        Task run = pipeline.RunAsync(new FakePartSource(2), CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(2, new InvalidOperationException("first"));
        await parts.CancellationSeen(1).WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("second"));

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.Equal("first", error.Message);
    }

    [Fact]
    public async Task RunAsync_CallerCancels_ThrowsOperationCanceled()
    {
        var parts = new ScriptedParts(2);
        var pipeline = Pipeline(2, parts);
        using var cancellation = new CancellationTokenSource();

        Task run = pipeline.RunAsync(new FakePartSource(4), cancellation.Token);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => run.WaitAsync(s_wait));
        Assert.Equal(2, parts.Started);
    }

    [Fact]
    public async Task RunAsync_PartFails_ReturnsOnlyAfterEveryStartedPartFinishedAndDisposedItsBody()
    {
        var parts = new ScriptedParts(3, honourCancellation: false);
        var source = new FakePartSource(3);
        var pipeline = Pipeline(3, parts);

        Task run = pipeline.RunAsync(source, CancellationToken.None);
        bool allDisposedWhenReturned = false;
        Task observed = run.ContinueWith(_ => allDisposedWhenReturned = source.Bodies.All(b => b.IsDisposed), TaskScheduler.Default);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("first"));
        await parts.CancellationSeen(2).WaitAsync(s_wait);
        await parts.CancellationSeen(3).WaitAsync(s_wait);
        parts.Release(2, null);
        parts.Release(3, null);

        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        await observed.WaitAsync(s_wait);
        Assert.True(allDisposedWhenReturned);
        Assert.Equal(0, pipeline.StillRunning);
    }

    [Fact]
    public async Task RunAsync_PartIgnoresCancellationPastTheDrainLimit_ReturnsTheFirstErrorAndCountsThePartLeftRunning()
    {
        var parts = new ScriptedParts(2, honourCancellation: false);
        var source = new FakePartSource(2);
        var time = new TimerRecordingTimeProvider();
        var pipeline = Pipeline(2, parts, time);

        Task run = pipeline.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("first"));
        await time.NextTimerAsync();
        time.Advance(s_drainLimit);

        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.Equal(1, pipeline.StillRunning);
        Assert.False(source.Bodies[1].IsDisposed);
        parts.Release(2, null);
        await source.Bodies[1].Disposed.Task.WaitAsync(s_wait);
    }

    [Fact]
    public async Task RunAsync_SourceReadIgnoresCancellationPastTheDrainLimit_ReturnsTheFirstError()
    {
        var parts = new ScriptedParts(1);
        var time = new TimerRecordingTimeProvider();
        var pipeline = Pipeline(2, parts, time);
        var source = new StallingSource();

        Task run = pipeline.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        await source.SecondReadStarted.Task.WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("first"));
        await time.NextTimerAsync();
        time.Advance(s_drainLimit);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.Equal("first", error.Message);
        Assert.Equal(1, pipeline.StillRunning);
    }

    [Fact]
    public async Task RunAsync_BodyThrowsOnDispose_StillReleasesItsSlotAndReturnsTheError()
    {
        var parts = new ScriptedParts(1);
        var source = new FakePartSource(2, throwOnDispose: true);
        var pipeline = Pipeline(1, parts);

        Task run = pipeline.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, null);

        await Assert.ThrowsAsync<IOException>(() => run.WaitAsync(s_wait));
        Assert.Equal(0, pipeline.StillRunning);
    }

    [Fact]
    public async Task RunAsync_PartSaysItsBodyWasSent_StartsTheNextPartWhileItWaitsOnTheSlotAtHand()
    {
        RequestLease lease = RequestLease.Lend(new RequestScheduler(1));
        var secondStarted = new TaskCompletionSource<RequestLease?>(TaskCreationOptions.RunContinuationsAsynchronously);
        var pipeline = new PartPipeline(1, 3, async (turn, token) =>
        {
            if (turn.Part.PartNumber == 1)
            {
                turn.BodySent(() => lease);
                // One worker: part 2 can start before part 1 ends only if part 1's sent body started it.
                await secondStarted.Task.WaitAsync(s_wait, token);
            }
            else
            {
                secondStarted.TrySetResult(turn.EarlyLease);
            }
        }, s_drainLimit);

        await pipeline.RunAsync(new FakePartSource(2, buffersParts: false), CancellationToken.None).WaitAsync(s_wait);

        Assert.Same(lease, await secondStarted.Task);
    }

    [Fact]
    public async Task RunAsync_PartStartedEarlyFails_ThrowsItsErrorOnceEveryBodyIsDisposed()
    {
        RequestLease lease = RequestLease.Lend(new RequestScheduler(1));
        var source = new FakePartSource(3, buffersParts: false);
        var pipeline = new PartPipeline(1, 3, async (turn, token) =>
        {
            if (turn.Part.PartNumber != 1)
            {
                throw new InvalidOperationException("early");
            }

            turn.BodySent(() => lease);
            // Ends only when the early part's failure cancels it.
            await Task.Delay(Timeout.Infinite, token);
        }, s_drainLimit);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => pipeline.RunAsync(source, CancellationToken.None).WaitAsync(s_wait));

        Assert.Equal("early", error.Message);
        Assert.All(source.Bodies, body => Assert.True(body.IsDisposed));
        Assert.Equal(0, pipeline.StillRunning);
    }

    [Fact]
    public async Task RunAsync_BodySentWithNoSlotAtHand_LeavesTheNextPartToAWorker()
    {
        var parts = new List<(int Part, bool Early)>();
        var pipeline = new PartPipeline(1, 3, (turn, _) =>
        {
            lock (parts)
            {
                parts.Add((turn.Part.PartNumber, turn.EarlyLease is not null));
            }

            turn.BodySent(() => null);
            return Task.CompletedTask;
        }, s_drainLimit);

        await pipeline.RunAsync(new FakePartSource(3, buffersParts: false), CancellationToken.None).WaitAsync(s_wait);

        Assert.Equal([(1, false), (2, false), (3, false)], parts);
    }

    [Fact]
    public async Task RunAsync_PartStartedEarlyEnds_LetsGoOfItsSlot()
    {
        var scheduler = new RequestScheduler(2);
        Assert.True(scheduler.TryAcquire());
        RequestLease held = RequestLease.Lend(scheduler);
        Assert.True(scheduler.TryAcquire());
        RequestLease early = RequestLease.Lend(scheduler);
        var pipeline = new PartPipeline(1, 3, (turn, _) =>
        {
            // The upload never disposes the early lease itself: the pipeline must.
            turn.BodySent(() => turn.Part.PartNumber == 1 ? early : null);
            return Task.CompletedTask;
        }, s_drainLimit);

        await pipeline.RunAsync(new FakePartSource(2, buffersParts: false), CancellationToken.None).WaitAsync(s_wait);
        held.Dispose();

        Assert.Equal(0, scheduler.InFlight);
    }

    /// <summary>One part at a time per worker and one read ahead, each uploaded by <paramref name="parts"/>.</summary>
    private static PartPipeline Pipeline(int workers, ScriptedParts parts, TimeProvider? time = null) =>
        new(workers, workers + 1, (turn, token) => parts.UploadAsync(turn.Part, token), s_drainLimit, time);

    /// <summary>Hands out part 1, then blocks its next read without looking at the token (a caller's stalled stream).</summary>
    private sealed class StallingSource : IPartSource
    {
        private int _reads;

        public TaskCompletionSource SecondReadStarted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public long TotalLength => -1;

        public bool BuffersParts => true;

        public async ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken)
        {
            if (++_reads == 1)
            {
                return new PartBody(1, new MemoryStream([1, 2, 3, 4]), 4);
            }

            SecondReadStarted.TrySetResult();
            await new TaskCompletionSource().Task;
            return null;
        }
    }
}
