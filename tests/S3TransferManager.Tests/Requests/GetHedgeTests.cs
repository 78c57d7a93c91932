using System.Net;
using System.Threading.Channels;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Tests.Requests;

/// <summary>Hedging a download part's ranged GET (<see cref="Hedge"/>), on a fake clock: a GET with no headers after the
/// learned hedge wait (its floor, 100 ms, after quick answers) gets a second GET alongside; the first response is kept,
/// the other GET canceled, and a response that comes anyway disposed. Off, with no attempt to spare, or with too few
/// answers seen, nothing is sent alongside.</summary>
public sealed class GetHedgeTests
{
    private static readonly byte[] s_object = TestData.Bytes(1000);
    private static readonly TimeSpan s_hedgeFloor = TimeSpan.FromMilliseconds(100);
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly Channel<(int Call, CancellationToken Token)> _calls = Channel.CreateUnbounded<(int, CancellationToken)>();
    private TransferResources _resources = null!;
    private int _count;

    [Fact]
    public async Task GetAsync_FirstGetSlow_SendsASecondAfterTheHedgeWaitAndKeepsItsResponse()
    {
        RangeRequester requester = Requester(call => call == 1 ? Never : Answer, hedging: true);
        Learn();

        Task<GetObjectResponse> get = GetAsync(requester, 100, 199, attempts: 4);
        (_, CancellationToken first) = await NextCallAsync();
        await _time.WaitForTimerAsync(s_hedgeFloor);
        _time.Advance(s_hedgeFloor);

        GetObjectResponse response = await get.WaitAsync(TimeSpan.FromSeconds(10));
        using (response)
        {
            Assert.Equal("bytes 100-199/1000", response.ContentRange);
            Assert.True(first.IsCancellationRequested);
            Assert.Equal(2, _count);
        }
    }

    [Fact]
    public async Task GetAsync_SlowFirstGetAnswersAnywayAfterTheHedge_DisposesItsResponse()
    {
        var late = new TaskCompletionSource<GetObjectResponse>(TaskCreationOptions.RunContinuationsAsynchronously);
        GetObjectResponse lateResponse = Response(100, 199);
        Stream lateBody = lateResponse.ResponseStream;
        RangeRequester requester = Requester(call => call == 1 ? (_, _) => late.Task : Answer, hedging: true);
        Learn();

        Task<GetObjectResponse> get = GetAsync(requester, 100, 199, attempts: 4);
        (_, CancellationToken first) = await NextCallAsync();
        var firstCancelled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using CancellationTokenRegistration onCancel = first.Register(() => firstCancelled.TrySetResult());
        await _time.WaitForTimerAsync(s_hedgeFloor);
        _time.Advance(s_hedgeFloor);
        await NextCallAsync();
        // The first GET is cancelled once the hedge's answer was kept; it answers only after that, as a server
        // that did not see the cancellation in time would.
        await firstCancelled.Task.WaitAsync(TimeSpan.FromSeconds(10));
        late.SetResult(lateResponse);

        GetObjectResponse response = await get.WaitAsync(TimeSpan.FromSeconds(10));
        response.Dispose();
        Assert.NotSame(lateResponse, response);
        Assert.Throws<ObjectDisposedException>(() => lateBody.ReadByte());
    }

    [Fact]
    public async Task GetAsync_FirstGetAnswersInTime_SendsNoHedgeAndLearnsTheTime()
    {
        RangeRequester requester = Requester(_ => Answer, hedging: true);
        Learn();

        GetObjectResponse response = await GetAsync(requester, 0, 99, attempts: 4).WaitAsync(TimeSpan.FromSeconds(10));

        response.Dispose();
        Assert.Equal(1, _count);
        Assert.Equal(AnswerTimes.MinSamples + 1, _resources.Answers.RangedGets.Count);
    }

    [Theory]
    [InlineData(false, true, 8)]
    [InlineData(true, false, 8)]
    [InlineData(true, true, 7)]
    public async Task GetAsync_OffOrNoAttemptToSpareOrTooFewAnswers_NeverHedges(bool enabled, bool mayHedge, int answersSeen)
    {
        RangeRequester requester = Requester(call => call == 1 ? Never : Answer, enabled);
        Learn(answersSeen);
        using var cancel = new CancellationTokenSource();

        Task<GetObjectResponse> get = GetAsync(requester, 0, 99, attempts: mayHedge ? 4 : 1, cancel.Token);
        await NextCallAsync();
        // Well past the hedge wait, short of the stall bound (the learned floor, 3 s): nothing is sent again.
        _time.Advance(TimeSpan.FromSeconds(1));
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

    private void Learn(int answers = AnswerTimes.MinSamples)
    {
        for (int i = 0; i < answers; i++)
        {
            _resources.Answers.RangedGets.Record(TimeSpan.FromMilliseconds(10), 0);
        }
    }

    /// <summary>A part's GET on a slot of its own, with <paramref name="attempts"/> to spend.</summary>
    private async Task<GetObjectResponse> GetAsync(RangeRequester requester, long start, long end, int attempts, CancellationToken cancellationToken = default)
    {
        TransferLane lane = _resources.Scheduler.OpenLane();
        using var held = new HeldLease(lane, await lane.AcquireAsync(RequestCost.Data(end - start + 1), cancellationToken));
        return await requester.GetAsync(start, end, 2, CallSlot.On(held), new AttemptBudget(attempts), hedged: true, cancellationToken);
    }

    private async Task<(int Call, CancellationToken Token)> NextCallAsync() =>
        await _calls.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));

    /// <summary>A requester whose n-th GET is answered by <paramref name="answer"/>(n), of a utility that hedges or not.</summary>
    private RangeRequester Requester(Func<int, Func<GetObjectRequest, CancellationToken, Task<GetObjectResponse>>> answer, bool hedging)
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
        var config = new TransferUtilityConfig { HedgeSlowRequests = hedging, ConcurrentServiceRequests = 4 }.Validated();
        _resources = new TransferResources(s3.Object, config, NullLogger.Instance, timeProvider: _time);
        return new RangeRequester(_resources.S3, new ObjectGetter(new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key" }), target);
    }
}
