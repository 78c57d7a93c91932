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
        var pipeline = new PartPipeline(3, parts.UploadAsync, s_drainLimit);

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
        var pipeline = new PartPipeline(2, parts.UploadAsync, s_drainLimit);

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
        var pipeline = new PartPipeline(2, parts.UploadAsync, s_drainLimit);
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
        var pipeline = new PartPipeline(3, parts.UploadAsync, s_drainLimit);

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
        var pipeline = new PartPipeline(2, parts.UploadAsync, s_drainLimit, time);

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
        var pipeline = new PartPipeline(2, parts.UploadAsync, s_drainLimit, time);
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
        var pipeline = new PartPipeline(1, parts.UploadAsync, s_drainLimit);

        Task run = pipeline.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, null);

        await Assert.ThrowsAsync<IOException>(() => run.WaitAsync(s_wait));
        Assert.Equal(0, pipeline.StillRunning);
    }

    /// <summary>Hands out part 1, then blocks its next read without looking at the token (a caller's stalled stream).</summary>
    private sealed class StallingSource : IPartSource
    {
        private int _reads;

        public TaskCompletionSource SecondReadStarted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public long TotalLength => -1;

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
