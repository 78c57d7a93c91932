using System.Net;
using System.Threading.Channels;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Resilience;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Tests.Download;

/// <summary>Hedging a download part's ranged GET, on a fake clock: a GET with no headers after the learned hedge wait
/// (its floor, 100 ms, after quick answers) gets a second GET alongside; the first response is kept, the other GET
/// canceled, and a response that comes anyway disposed. Off, or with too few answers seen, nothing is sent alongside.</summary>
public sealed class RangeHedgingTests
{
    private static readonly byte[] s_object = TestData.Bytes(1000);
    private static readonly TimeSpan s_hedgeFloor = TimeSpan.FromMilliseconds(100);
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly Channel<(int Call, CancellationToken Token)> _calls = Channel.CreateUnbounded<(int, CancellationToken)>();
    private readonly AnswerTimes _answers = new(AnswerBounds.For(TimeSpan.FromSeconds(15), EngineTuning.Default));
    private readonly RequestScheduler _scheduler = new(4);
    private int _count;

    [Fact]
    public async Task GetAsync_FirstGetSlow_SendsASecondAfterTheHedgeWaitAndKeepsItsResponse()
    {
        Learn();
        RangeRequester requester = Requester(call => call == 1 ? Never : Answer);

        Task<(GetObjectResponse Response, bool Hedged)> get = Hedging(enabled: true).GetAsync(requester, 100, 199, null, true, Scope(), default);
        (_, CancellationToken first) = await NextCallAsync();
        await _time.WaitForTimerAsync(s_hedgeFloor);
        _time.Advance(s_hedgeFloor);

        (GetObjectResponse response, bool hedged) = await get.WaitAsync(TimeSpan.FromSeconds(10));
        using (response)
        {
            Assert.True(hedged);
            Assert.Equal("bytes 100-199/1000", response.ContentRange);
            Assert.True(first.IsCancellationRequested);
            Assert.Equal(2, _count);
        }
    }

    [Fact]
    public async Task GetAsync_SlowFirstGetAnswersAnywayAfterTheHedge_DisposesItsResponse()
    {
        Learn();
        var late = new TaskCompletionSource<GetObjectResponse>(TaskCreationOptions.RunContinuationsAsynchronously);
        GetObjectResponse lateResponse = Response(100, 199);
        Stream lateBody = lateResponse.ResponseStream;
        RangeRequester requester = Requester(call => call == 1 ? (_, _) => late.Task : Answer);

        Task<(GetObjectResponse Response, bool Hedged)> get = Hedging(enabled: true).GetAsync(requester, 100, 199, null, true, Scope(), default);
        await NextCallAsync();
        await _time.WaitForTimerAsync(s_hedgeFloor);
        _time.Advance(s_hedgeFloor);
        await NextCallAsync();
        late.SetResult(lateResponse);

        (GetObjectResponse response, _) = await get.WaitAsync(TimeSpan.FromSeconds(10));
        response.Dispose();
        Assert.NotSame(lateResponse, response);
        Assert.Throws<ObjectDisposedException>(() => lateBody.ReadByte());
    }

    [Fact]
    public async Task GetAsync_FirstGetAnswersInTime_SendsNoHedgeAndLearnsTheTime()
    {
        Learn();
        RangeRequester requester = Requester(_ => Answer);

        (GetObjectResponse response, bool hedged) = await Hedging(enabled: true).GetAsync(requester, 0, 99, null, true, Scope(), default)
            .WaitAsync(TimeSpan.FromSeconds(10));

        response.Dispose();
        Assert.False(hedged);
        Assert.Equal(1, _count);
        Assert.Equal(AnswerTimes.MinSamples + 1, _answers.Count);
    }

    [Theory]
    [InlineData(false, true, 8)]
    [InlineData(true, false, 8)]
    [InlineData(true, true, 7)]
    public async Task GetAsync_OffOrNoAttemptToSpareOrTooFewAnswers_NeverHedges(bool enabled, bool mayHedge, int answersSeen)
    {
        Learn(answersSeen);
        RangeRequester requester = Requester(call => call == 1 ? Never : Answer);
        using var cancel = new CancellationTokenSource();

        Task<(GetObjectResponse Response, bool Hedged)> get = Hedging(enabled).GetAsync(requester, 0, 99, null, mayHedge, Scope(), cancel.Token);
        await NextCallAsync();
        _time.Advance(TimeSpan.FromMinutes(1));
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => get.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(1, _count);
    }

    private static Task<GetObjectResponse> Never(GetObjectRequest _, CancellationToken token) =>
        Task.Delay(Timeout.InfiniteTimeSpan, token).ContinueWith<GetObjectResponse>(_ => throw new OperationCanceledException(token), TaskScheduler.Default);

    private static Task<GetObjectResponse> Answer(GetObjectRequest r, CancellationToken _) =>
        Task.FromResult(Response(r.ByteRange.Start, r.ByteRange.End));

    private static GetObjectResponse Response(long start, long end) => new()
    {
        HttpStatusCode = HttpStatusCode.PartialContent,
        ContentRange = $"bytes {start}-{end}/{s_object.Length}",
        ContentLength = end - start + 1,
        ETag = "\"e1\"",
        ResponseStream = new MemoryStream(s_object, (int)start, (int)(end - start + 1)),
    };

    private static PartScope Scope() => PartScope.StartDownload("bucket", "key", 2, 100, 199);

    private void Learn(int answers = AnswerTimes.MinSamples)
    {
        for (int i = 0; i < answers; i++)
        {
            _answers.Record(TimeSpan.FromMilliseconds(10), 0);
        }
    }

    private RangeHedging Hedging(bool enabled) => new(_scheduler.OpenLane(), _answers, _time, enabled);

    private async Task<(int Call, CancellationToken Token)> NextCallAsync() =>
        await _calls.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));

    /// <summary>A requester whose n-th GET is answered by <paramref name="answer"/>(n).</summary>
    private RangeRequester Requester(Func<int, Func<GetObjectRequest, CancellationToken, Task<GetObjectResponse>>> answer)
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken token) =>
            {
                int call = Interlocked.Increment(ref _count);
                _calls.Writer.TryWrite((call, token));
                return answer(call)(r, token);
            });
        var target = new DownloadTarget("bucket", "key", null, "\"e1\"", s_object.Length, null, null, new MetadataCollection());
        return new RangeRequester(new ObjectGetter(s3.Object, new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key" }), target);
    }
}
