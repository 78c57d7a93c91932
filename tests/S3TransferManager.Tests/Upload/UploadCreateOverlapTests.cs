using System.Buffers;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Upload;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Upload;

/// <summary>
/// CreateMultipartUpload's round trip overlaps reading and hashing the first parts; a part waits for the upload id
/// only when it is ready to be sent. Whatever fails while Create is in flight, no upload stays open and every buffer
/// comes back.
/// </summary>
public sealed class UploadCreateOverlapTests
{
    private const int MiB = 1024 * 1024;
    private const int PartSize = 8 * MiB;
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task ExecuteAsync_CreateStillWaiting_ReadsTheFirstPartsMeanwhile()
    {
        // 16 MiB (two parts) are read to choose a multipart upload; the third part is read only by the pipeline. Create
        // answers once that read has reached the gate at 20 MiB, so an upload that reads parts only after Create's
        // answer never finishes (checked: before the change this test timed out).
        using var pool = new CountingArrayPool();
        var stream = new GatedStream(TestData.Bytes(40 * MiB), freeBytes: 20 * MiB);
        var s3 = new FakeUploadS3();
        CreateAnswersOnceTheSourceWaits(s3, stream, _ =>
        {
            stream.Open();
            return Task.FromResult("u1");
        });

        TransferUtilityUploadResponse response = await RunAsync(s3, pool, stream).WaitAsync(s_wait);

        Assert.Equal(5, response.PartCount);
        Assert.Equal([1, 2, 3, 4, 5], s3.Completed!.PartETags.Select(p => p.PartNumber!.Value));
        Assert.Equal(0, s3.Aborts);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ExecuteAsync_CreateFailsWhilePartsWait_ReturnsItsErrorSendsNoPartAndAbortsNothing()
    {
        using var pool = new CountingArrayPool();
        var stream = new GatedStream(TestData.Bytes(40 * MiB), freeBytes: 20 * MiB);
        var s3 = new FakeUploadS3();
        // Two parts are ready and the third waits at the gate: the failure finds parts ready and a read pending.
        CreateAnswersOnceTheSourceWaits(s3, stream, _ => Task.FromException<string>(FakeUploadS3.NonRetryable()));

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(s3, pool, stream).WaitAsync(s_wait));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        Assert.Empty(s3.PartsStarted);
        Assert.Equal(0, s3.Aborts);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ExecuteAsync_SourceFailsWhileCreateWaits_ReturnsTheSourceErrorAndAbortsTheCreatedUpload()
    {
        // The source breaks in the third part, read while Create waits. Create answers once the parts have stopped
        // (every chunk they held is back in the pool), so the upload meets an answer to a Create already in its failure
        // path: it must abort that upload and send no part.
        using var pool = new CountingArrayPool();
        var drained = new DrainSignallingPool(pool);
        var stream = new GatedStream(TestData.Bytes(40 * MiB), freeBytes: 20 * MiB);
        var s3 = new FakeUploadS3();
        CreateAnswersOnceTheSourceWaits(s3, stream, async _ =>
        {
            await stream.DisposeAsync(); // the pending read fails, as a reset connection's would
            await drained.AllReturned;
            return "u1";
        });

        await Assert.ThrowsAsync<ObjectDisposedException>(() => RunAsync(s3, drained, stream).WaitAsync(s_wait));

        Assert.Equal(1, s3.Aborts);
        Assert.Empty(s3.PartsStarted);
        Assert.Null(s3.Completed);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ExecuteAsync_CreateAnswersOnlyAfterTheFailureWaitLimit_ReturnsTheErrorThenAbortsTheLateUpload()
    {
        using var pool = new CountingArrayPool();
        var stream = new GatedStream(TestData.Bytes(40 * MiB), freeBytes: 20 * MiB);
        var createAnswers = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var aborted = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        var s3 = new FakeUploadS3();
        CreateAnswersOnceTheSourceWaits(s3, stream, async token =>
        {
            await stream.DisposeAsync();
            await createAnswers.Task;
            return "late";
        });
        s3.Mock.Setup(s => s.AbortMultipartUploadAsync(It.IsAny<AbortMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((AbortMultipartUploadRequest r, CancellationToken _) =>
            {
                aborted.TrySetResult(r.UploadId);
                return new AbortMultipartUploadResponse();
            });

        // The caller gets the source's error once the failure waits (7 s each here, on the fake clock: the parts' drain,
        // when they have not stopped yet, then Create's answer) are over, Create still unanswered.
        var time = new TimerRecordingTimeProvider();
        Task upload = RunAsync(s3, pool, stream, failureWaitLimit: TimeSpan.FromSeconds(7), time: time);
        for (int waits = 0; waits < 2 && !upload.IsCompleted; waits++)
        {
            Task failureWait = time.WaitForTimerAsync(TimeSpan.FromSeconds(7));
            if (await Task.WhenAny(failureWait, upload) == failureWait)
            {
                time.Advance(TimeSpan.FromSeconds(7));
            }
        }

        await Assert.ThrowsAsync<ObjectDisposedException>(() => upload.WaitAsync(s_wait));
        bool abortedBeforeCreateAnswered = aborted.Task.IsCompleted;
        createAnswers.SetResult();

        Assert.False(abortedBeforeCreateAnswered);
        Assert.Equal("late", await aborted.Task.WaitAsync(s_wait));
        Assert.Empty(s3.PartsStarted);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ExecuteAsync_CancelledWhileCreateIsInFlight_AbortsTheUploadCreateReturns()
    {
        // Cancelling the request cannot undo it: S3 may have created the upload. Its answer is waited for and aborted.
        using var pool = new CountingArrayPool();
        using var cancellation = new CancellationTokenSource();
        var stream = new GatedStream(TestData.Bytes(40 * MiB), freeBytes: 20 * MiB);
        var s3 = new FakeUploadS3();
        CreateAnswersOnceTheSourceWaits(s3, stream, async token =>
        {
            // The caller's token is cancelled by now; Create's own is not (its grace is 2 s): it answers.
            await cancellation.CancelAsync();
            token.ThrowIfCancellationRequested();
            return "u1";
        });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => RunAsync(s3, pool, stream, cancellation.Token).WaitAsync(s_wait));

        Assert.Equal(1, s3.Aborts);
        Assert.Empty(s3.PartsStarted);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ExecuteAsync_CancelledWhileCreateNeverAnswers_CancelsItsRequestAfterTheGraceAndReturns()
    {
        using var pool = new CountingArrayPool();
        using var cancellation = new CancellationTokenSource();
        var stream = new GatedStream(TestData.Bytes(40 * MiB), freeBytes: 20 * MiB);
        var createWaits = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var createCancelled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var s3 = new FakeUploadS3();
        CreateAnswersOnceTheSourceWaits(s3, stream, async token =>
        {
            await cancellation.CancelAsync();
            using (token.Register(createCancelled.SetResult))
            {
                createWaits.SetResult();
                await Task.Delay(Timeout.Infinite, token);
            }

            return "never";
        });

        // The grace is the failure wait when that is shorter (1 s here, 2 s by default), on the fake clock.
        var time = new TimerRecordingTimeProvider();
        Task upload = RunAsync(s3, pool, stream, cancellation.Token, TimeSpan.FromSeconds(1), time);
        await createWaits.Task.WaitAsync(s_wait);
        time.Advance(TimeSpan.FromSeconds(1) - TimeSpan.FromTicks(1));
        Assert.False(createCancelled.Task.IsCompleted, "Create was cancelled before its grace ran out");
        time.Advance(TimeSpan.FromTicks(1));

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => upload.WaitAsync(s_wait));
        await createCancelled.Task.WaitAsync(s_wait);
        Assert.Equal(0, s3.Aborts);
        pool.AssertAllReturned();
    }

    /// <summary>Create answers with the upload id <paramref name="answer"/> gives (passed Create's own token), once a read
    /// of the source waits at its gate: the pipeline is then reading parts while Create is in flight.</summary>
    private static void CreateAnswersOnceTheSourceWaits(FakeUploadS3 s3, GatedStream stream, Func<CancellationToken, Task<string>> answer) =>
        s3.Mock.Setup(s => s.InitiateMultipartUploadAsync(It.IsAny<InitiateMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (InitiateMultipartUploadRequest _, CancellationToken token) =>
            {
                await stream.Waiting;
                return new InitiateMultipartUploadResponse { UploadId = await answer(token) };
            });

    private static Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, ArrayPool<byte> pool, Stream stream,
        CancellationToken cancellationToken = default, TimeSpan? failureWaitLimit = null, TimeProvider? time = null)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2 };
        var tuning = new EngineTuning { FailureWaitLimit = failureWaitLimit ?? TimeSpan.FromSeconds(30) };
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", InputStream = stream, PartSize = PartSize };
        request.Validate();
        return new UploadCommand(new TransferResources(s3.Mock.Object, config.Validated(), NullLogger.Instance, pool, time, tuning: tuning), request)
            .ExecuteAsync(cancellationToken);
    }

    /// <summary>Passes rents and returns to a counting pool and completes <see cref="AllReturned"/> the first time a
    /// return leaves nothing outstanding: after a failure, when the parts it stopped have given their chunks back.</summary>
    private sealed class DrainSignallingPool(CountingArrayPool inner) : ArrayPool<byte>
    {
        private readonly TaskCompletionSource _allReturned = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task AllReturned => _allReturned.Task;

        public override byte[] Rent(int minimumLength) => inner.Rent(minimumLength);

        public override void Return(byte[] array, bool clearArray = false)
        {
            inner.Return(array, clearArray);
            if (inner.OutstandingCount == 0)
            {
                _allReturned.TrySetResult();
            }
        }
    }
}
