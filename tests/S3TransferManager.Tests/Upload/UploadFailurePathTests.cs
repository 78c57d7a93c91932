using S3TransferManager.Telemetry;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;
using S3TransferManager.TestSupport;
using S3TransferManager.Upload;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Upload;

/// <summary>A failed upload returns its own first error within a bound, whatever else does not answer. The bounds run on
/// a fake clock that lets each one expire as soon as it is set: nothing here waits in real time. Stall detection is off:
/// with every timer expiring at once, a part still being read would be taken for a stalled one (UploadStallTests runs
/// stalls on their own clock).</summary>
public sealed class UploadFailurePathTests
{
    private const int MiB = 1024 * 1024;
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task ExecuteAsync_AbortNeverAnswers_ReturnsThePartErrorAndLogsTheUploadId()
    {
        var s3 = new FakeUploadS3(beforePart: (r, _) => r.PartNumber == 2 ? throw FakeUploadS3.NonRetryable() : Task.CompletedTask);
        s3.Mock.Setup(s => s.AbortMultipartUploadAsync(It.IsAny<AbortMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .Returns(new TaskCompletionSource<AbortMultipartUploadResponse>().Task);
        var logger = new ListLogger();

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(s3, logger, new TransferUtilityUploadRequest()).WaitAsync(s_wait));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        Assert.Contains(logger.Lines, l => l.EventId == LogEvents.AbortTimedOut && l.Message.Contains("u1", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_PartIgnoresCancellation_ReturnsTheFirstErrorAbortsAndLogsThePartLeftBehind()
    {
        // Part 2 fails only once part 1 is in its request, which never ends and ignores cancellation: so there is
        // always a part left running when the failure comes (without the wait, part 1 could still be queued for its
        // slot, be cancelled there, and leave nothing behind to log).
        var partOneSent = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var s3 = new FakeUploadS3(beforePart: async (r, _) =>
        {
            if (r.PartNumber == 2)
            {
                await partOneSent.Task;
                throw FakeUploadS3.NonRetryable();
            }

            partOneSent.TrySetResult();
            await new TaskCompletionSource().Task;
        });
        var logger = new ListLogger();

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(s3, logger, new TransferUtilityUploadRequest()).WaitAsync(s_wait));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        Assert.Equal(1, s3.Aborts);
        Assert.Contains(logger.Lines, l => l.EventId == LogEvents.PartsAbandoned);
    }

    [Fact]
    public async Task ExecuteAsync_FailedEventHandlerThrows_ReturnsTheUploadsOwnError()
    {
        var s3 = new FakeUploadS3(beforePart: (r, _) => r.PartNumber == 2 ? throw FakeUploadS3.NonRetryable() : Task.CompletedTask);
        var logger = new ListLogger();
        var request = new TransferUtilityUploadRequest();
        request.UploadFailedEvent += (_, _) => throw new InvalidOperationException("handler bug");

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(s3, logger, request).WaitAsync(s_wait));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        Assert.Contains(logger.Lines, l => l.EventId == LogEvents.FailedHandlerThrew);
    }

    private static async Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, ListLogger logger, TransferUtilityUploadRequest request)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2, BodyStallTimeout = Timeout.InfiniteTimeSpan }.Validated();
        var time = new TimerRecordingTimeProvider();
        request.BucketName = "b";
        request.Key = "k";
        request.InputStream = new ChunkyStream(TestData.Bytes(24 * MiB), 100_000);
        request.PartSize = 8 * MiB;
        request.Validate();
        Task<TransferUtilityUploadResponse> run = new UploadCommand(new TransferResources(s3.Mock.Object, config, logger, timeProvider: time), request)
            .ExecuteAsync(CancellationToken.None);
        await time.ExpireEveryTimerUntilAsync(run).WaitAsync(s_wait);
        return await run;
    }
}
