using System.Threading.Channels;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Resilience;

namespace S3TransferManager.Tests.Download;

/// <summary>The first GET of a download, whose answer never starts: given up after the stall timeout and sent again,
/// within the resume budget (the fault matrix's discovery-unanswered row shows the same against a real socket).</summary>
public sealed class DiscoveryRequestTests
{
    private static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(30);
    private readonly Channel<int> _calls = Channel.CreateUnbounded<int>();
    private readonly TimerRecordingTimeProvider _time = new();
    private int _count;

    [Fact]
    public async Task SendAsync_FirstAnswerNeverStarts_SendsAgainAfterTheStallTimeoutAndReturnsTheSecondAnswer()
    {
        using var answer = new GetObjectResponse { ETag = "\"e1\"" };
        ObjectGetter getter = Getter(call => call == 1 ? null : answer);

        Task<GetObjectResponse> sent = DiscoveryRequest.SendAsync(getter, new ByteRange(0, 99), null, false, Policy(maxResumes: 1), NullLogger.Instance, default);
        await StallNextCallAsync();

        Assert.Same(answer, await sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(2, await _calls.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task SendAsync_NoAnswerEverStarts_ThrowsPartDownloadExceptionForPart1AfterTheBudget()
    {
        ObjectGetter getter = Getter(_ => null);

        Task<GetObjectResponse> sent = DiscoveryRequest.SendAsync(getter, new ByteRange(0, 99), null, false, Policy(maxResumes: 2), NullLogger.Instance, default);
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
        ObjectGetter getter = Getter(_ => null);
        using var cancellation = new CancellationTokenSource();

        Task<GetObjectResponse> sent = DiscoveryRequest.SendAsync(getter, new ByteRange(0, 99), null, false, Policy(maxResumes: 3), NullLogger.Instance, cancellation.Token);
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

    private ResumePolicy Policy(int maxResumes) => new(maxResumes, TimeSpan.Zero, StallTimeout, _time, () => 1.0);

    /// <summary>A getter whose n-th GET answers <paramref name="answer"/>(n), or never answers (until its token is
    /// cancelled) when that is null.</summary>
    private ObjectGetter Getter(Func<int, GetObjectResponse?> answer)
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
        return new ObjectGetter(s3.Object, new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key" });
    }
}
