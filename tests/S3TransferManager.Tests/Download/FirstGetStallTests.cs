using System.Threading.Channels;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Download;

/// <summary>The first GET of a download, whose answer never starts: given up after the stall timeout and sent again,
/// within the resume budget (the fault matrix's discovery-unanswered row shows the same against a real socket). Before
/// any answer the bound is the stall timeout, the utility's only request being in flight.</summary>
public sealed class FirstGetStallTests
{
    private static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(30);
    private readonly Channel<int> _calls = Channel.CreateUnbounded<int>();
    private readonly TimerRecordingTimeProvider _time = new();
    private int _count;

    [Fact]
    public async Task SendAsync_FirstAnswerNeverStarts_SendsAgainAfterTheStallTimeoutAndReturnsTheSecondAnswer()
    {
        using var answer = new GetObjectResponse { ETag = "\"e1\"" };
        IAmazonS3 client = Client(call => call == 1 ? null : answer);

        Task<GetObjectResponse> sent = SendAsync(client, maxResumes: 1, default);
        await StallNextCallAsync();

        Assert.Same(answer, await sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(2, await _calls.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task SendAsync_NoAnswerEverStarts_ThrowsPartDownloadExceptionForPart1AfterTheBudget()
    {
        IAmazonS3 client = Client(_ => null);

        Task<GetObjectResponse> sent = SendAsync(client, maxResumes: 2, default);
        for (int attempt = 1; attempt <= 3; attempt++)
        {
            await StallNextCallAsync();
        }

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(1, error.PartNumber);
        Assert.IsAssignableFrom<TimeoutException>(error.InnerException);
        Assert.Equal(3, _count);
    }

    [Fact]
    public async Task SendAsync_CallerCancelsWhileWaiting_ThrowsOperationCanceledWithoutSendingAgain()
    {
        IAmazonS3 client = Client(_ => null);
        using var cancellation = new CancellationTokenSource();

        Task<GetObjectResponse> sent = SendAsync(client, maxResumes: 3, cancellation.Token);
        await _calls.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(1, _count);
    }

    /// <summary>Waits for the next GET to be sent (its stall clock is armed by then), then lets the clock run out.</summary>
    private async Task StallNextCallAsync()
    {
        await _calls.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));
        _time.Advance(StallTimeout);
    }

    /// <summary>Sends a ranged first GET through a utility with <paramref name="maxResumes"/> retries, no delay before
    /// them and <see cref="StallTimeout"/>, on a slot of its budget.</summary>
    private async Task<GetObjectResponse> SendAsync(IAmazonS3 client, int maxResumes, CancellationToken cancellationToken)
    {
        var config = new TransferUtilityConfig
        {
            BodyStallTimeout = StallTimeout,
            InterruptedBodyRetryAttempts = maxResumes,
            InterruptedBodyRetryDelay = TimeSpan.Zero,
            ConcurrentServiceRequests = 4,
        }.Validated();
        var resources = new TransferResources(client, config, NullLogger.Instance, timeProvider: _time);
        using TransferLane lane = resources.Scheduler.OpenLane();
        using var lease = new HeldLease(lane, await lane.AcquireAsync(CancellationToken.None));
        var getter = new ObjectGetter(new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key" });
        return await resources.S3.GetObjectAsync(getter.Build(new FirstGet(new ByteRange(0, 99), null, null, false)), CallSlot.On(lease), cancellationToken,
            partNumber: 1);
    }

    /// <summary>A client whose n-th GET answers <paramref name="answer"/>(n), or never answers (until its token is
    /// cancelled) when that is null.</summary>
    private IAmazonS3 Client(Func<int, GetObjectResponse?> answer)
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (GetObjectRequest _, CancellationToken token) =>
            {
                int call = Interlocked.Increment(ref _count);
                _calls.Writer.TryWrite(call);
                if (answer(call) is { } response)
                {
                    return response;
                }

                await Task.Delay(Timeout.InfiniteTimeSpan, token);
                throw new InvalidOperationException("unreachable");
            });
        return s3.Object;
    }
}
