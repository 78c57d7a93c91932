using System.Net;
using System.Threading.Channels;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Download;

/// <summary>
/// A download part whose GET has no answer within its bound while the endpoint answered the utility's other requests:
/// it waited in the endpoint's queue. The automatic budget is cut, and the part gives its slot back and asks again for
/// its range only once the requests in flight fit the cut budget: the retry never raises the requests in flight.
/// </summary>
public sealed class PartCongestionTests
{
    private const string ETag = "\"e1\"";
    private static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(10);
    private static readonly byte[] s_object = TestData.Bytes(1000);
    private readonly TimerRecordingTimeProvider _time = new();

    /// <summary>At each GET as it is sent: the requests in flight, and the budget.</summary>
    private readonly Channel<(int InFlight, int Budget)> _gets = Channel.CreateUnbounded<(int, int)>();
    private TransferResources _resources = null!;

    [Fact]
    public async Task ReadAsync_GetStalledWhileOthersAnswered_AsksAgainOnlyWithinTheCutBudget()
    {
        // An automatic budget with a ceiling of 10: its first contact starts at 8, and a cut leaves 5 of 8.
        _resources = Resources();
        using TransferLane lane = _resources.Scheduler.OpenLane();
        var others = new List<RequestLease>();
        for (int i = 0; i < 7; i++)
        {
            others.Add(await lane.AcquireAsync(CancellationToken.None));
        }

        using ResumableRangeStream part = Part(lane, await lane.AcquireAsync(CancellationToken.None));
        Task<byte[]> read = ReadAllAsync(part);
        Assert.Equal((8, 8), await NextGetAsync());

        // Another request's body moves meanwhile; then the bound runs out with no answer to this one.
        _time.Advance(TimeSpan.FromSeconds(1));
        _resources.Activity.Moved();
        _time.Advance(StallTimeout);

        // Cut to 5: the part waits for a slot among the lane's waiters (7 others in flight), and asks again once 4 remain.
        await WaitForWaiterAsync(_resources.Scheduler);
        Assert.Equal(5, _resources.Scheduler.MaxRequestsInFlight);
        for (int i = 0; i < 3; i++)
        {
            Assert.False(_gets.Reader.TryRead(out _), "the part asked again beside more requests than the cut budget");
            others[i].Dispose();
        }

        Assert.Equal((5, 5), await NextGetAsync());
        Assert.Equal(s_object[100..400], await read.WaitAsync(TimeSpan.FromSeconds(10)));
        others.ForEach(lease => lease.Dispose());
    }

    private TransferResources Resources()
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        int calls = 0;
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (GetObjectRequest r, CancellationToken token) =>
            {
                _gets.Writer.TryWrite((_resources.Scheduler.InFlight, _resources.Scheduler.MaxRequestsInFlight));
                if (Interlocked.Increment(ref calls) == 1)
                {
                    await Task.Delay(Timeout.InfiniteTimeSpan, token);
                }

                return new GetObjectResponse
                {
                    HttpStatusCode = HttpStatusCode.PartialContent,
                    ContentRange = $"bytes {r.ByteRange.Start}-{r.ByteRange.End}/{s_object.Length}",
                    ContentLength = r.ByteRange.End - r.ByteRange.Start + 1,
                    ETag = ETag,
                    ResponseStream = new MemoryStream(s_object[(int)r.ByteRange.Start..(int)(r.ByteRange.End + 1)]),
                };
            });
        var config = new TransferUtilityConfig
        {
            MaxConcurrentServiceRequests = 10, BodyStallTimeout = StallTimeout, InterruptedBodyRetryDelay = TimeSpan.FromSeconds(1),
        }.Validated();
        return new TransferResources(s3.Object, config, NullLogger.Instance, timeProvider: _time);
    }

    /// <summary>Part 2 of the object, bytes 100-399, whose GET holds <paramref name="lease"/>, read as a download reads it.</summary>
    private ResumableRangeStream Part(TransferLane lane, RequestLease lease)
    {
        var target = new DownloadTarget("bucket", "key", null, ETag, s_object.Length, null, null, new MetadataCollection());
        var getter = new ObjectGetter(new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key" });
        var reading = new PartBodyReading(new RangeRequester(_resources.S3, getter, target), _resources.RetryPolicy, NullLogger.Instance,
            Lane: lane, Activity: _resources.Activity);
        return new ResumableRangeStream(reading, new PartRange(2, 100, 399), response: null, lease);
    }

    private async Task<(int InFlight, int Budget)> NextGetAsync() => await _gets.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));

    /// <summary>Waits (boundedly) until a request waits for a slot: the part gave its own back and asked again.</summary>
    private static async Task WaitForWaiterAsync(RequestScheduler scheduler)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        while (!scheduler.HasWaiters)
        {
            await Task.Yield();
            timeout.Token.ThrowIfCancellationRequested();
        }
    }

    private static async Task<byte[]> ReadAllAsync(Stream stream)
    {
        using var output = new MemoryStream();
        await stream.CopyToAsync(output);
        return output.ToArray();
    }
}
