using S3TransferManager.Parts;
using S3TransferManager.Upload;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Upload;

/// <summary>An upload's parts read ahead of the part engine: bounded, disposed on every path, drained within the limit.</summary>
public sealed class PartReadAheadTests
{
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);
    private static readonly TimeSpan s_drainLimit = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task RunAsync_OnePartFailsWhileOthersRun_ThrowsThatFailureNotTheCancellationsItCaused()
    {
        var parts = new ScriptedParts(3);
        var engine = Engine(3, parts);

        Task run = engine.RunAsync(new FakePartSource(3), CancellationToken.None);
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
        var engine = Engine(2, parts);

        Task run = engine.RunAsync(new FakePartSource(2), CancellationToken.None);
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
        var engine = Engine(2, parts);
        using var cancellation = new CancellationTokenSource();

        Task run = engine.RunAsync(new FakePartSource(4), cancellation.Token);
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
        var engine = Engine(3, parts);

        Task run = engine.RunAsync(source, CancellationToken.None);
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
        Assert.Equal(0, engine.StillRunning);
    }

    [Fact]
    public async Task RunAsync_PartIgnoresCancellationPastTheDrainLimit_ReturnsTheFirstErrorAndCountsThePartLeftRunning()
    {
        var parts = new ScriptedParts(2, honourCancellation: false);
        var source = new FakePartSource(2);
        var time = new TimerRecordingTimeProvider();
        var engine = Engine(2, parts, time);

        Task run = engine.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("first"));
        await time.NextTimerAsync();
        time.Advance(s_drainLimit);

        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.Equal(1, engine.StillRunning);
        Assert.False(source.Bodies[1].IsDisposed);
        parts.Release(2, null);
        await source.Bodies[1].Disposed.Task.WaitAsync(s_wait);
    }

    [Fact]
    public async Task RunAsync_SourceReadIgnoresCancellationPastTheDrainLimit_ReturnsTheFirstError()
    {
        var parts = new ScriptedParts(1);
        var time = new TimerRecordingTimeProvider();
        var engine = Engine(2, parts, time);
        var source = new StallingSource();

        Task run = engine.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        await source.SecondReadStarted.Task.WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("first"));
        await time.NextTimerAsync();
        // The workers stop as soon as the failure cancels their wait for a part; only then does the clock move, so
        // what is left when the limit passes is the stalled read alone.
        Assert.True(SpinWait.SpinUntil(() => engine.StillRunning == 1, s_wait));
        time.Advance(s_drainLimit);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.Equal("first", error.Message);
        Assert.Equal(1, engine.StillRunning);
    }

    [Fact]
    public async Task RunAsync_BodyThrowsOnDispose_StillReleasesItsSlotAndReturnsTheError()
    {
        var parts = new ScriptedParts(1);
        var source = new FakePartSource(2, throwOnDispose: true);
        var engine = Engine(1, parts);

        Task run = engine.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, null);

        await Assert.ThrowsAsync<IOException>(() => run.WaitAsync(s_wait));
        Assert.Equal(0, engine.StillRunning);
    }

    [Fact]
    public async Task RunAsync_ManyParts_KeepsAtMostMaxPartsReadAndNotDisposed()
    {
        var source = new FakePartSource(12);
        int maxAlive = 0;
        var readAhead = new PartReadAhead(source, 3);
        var engine = new PartEngine<PartBody, object>(readAhead, 2, async (turn, _) =>
        {
            await Task.Yield();
            InterlockedMax(ref maxAlive, source.Bodies.Count(body => !body.IsDisposed));
            await turn.Part.Content.DisposeAsync();
            readAhead.Release();
        }, s_drainLimit, TimeProvider.System);

        await engine.RunAsync(CancellationToken.None).WaitAsync(s_wait);

        Assert.InRange(maxAlive, 1, 3);
        Assert.Equal(12, source.Bodies.Count);
        Assert.All(source.Bodies, body => Assert.True(body.IsDisposed));
    }

    [Fact]
    public async Task RunAsync_StopsBeforeEveryPartWasClaimed_DisposesThePartsReadAhead()
    {
        var parts = new ScriptedParts(1);
        var source = new FakePartSource(3);
        var engine = Engine(1, parts);

        Task run = engine.RunAsync(source, CancellationToken.None);
        await parts.AllStarted.Task.WaitAsync(s_wait);
        parts.Release(1, new InvalidOperationException("first"));

        await Assert.ThrowsAsync<InvalidOperationException>(() => run.WaitAsync(s_wait));
        Assert.All(source.Bodies, body => Assert.True(body.IsDisposed));
    }

    /// <summary>One part at a time per worker and one read ahead, each uploaded by <paramref name="parts"/> and then
    /// disposed, as the multipart upload does.</summary>
    private static EngineOverSource Engine(int workers, ScriptedParts parts, TimeProvider? time = null) => new(workers, parts, time);

    private static void InterlockedMax(ref int target, int value)
    {
        int current = Volatile.Read(ref target);
        while (value > current && Interlocked.CompareExchange(ref target, value, current) is int seen && seen != current)
        {
            current = seen;
        }
    }

    /// <summary>Builds the engine once the source is known, and keeps its <see cref="PartEngine{TPart, TStarted}.StillRunning"/>.</summary>
    private sealed class EngineOverSource(int workers, ScriptedParts parts, TimeProvider? time)
    {
        private PartEngine<PartBody, object>? _engine;

        public int StillRunning => _engine!.StillRunning;

        public Task RunAsync(IPartSource source, CancellationToken cancellationToken)
        {
            var readAhead = new PartReadAhead(source, workers + 1);
            _engine = new PartEngine<PartBody, object>(readAhead, workers, async (turn, token) =>
            {
                try
                {
                    await parts.UploadAsync(turn.Part, token);
                }
                finally
                {
                    try
                    {
                        await turn.Part.Content.DisposeAsync();
                    }
                    finally
                    {
                        readAhead.Release();
                    }
                }
            }, s_drainLimit, time ?? TimeProvider.System);
            return _engine.RunAsync(cancellationToken);
        }
    }


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
