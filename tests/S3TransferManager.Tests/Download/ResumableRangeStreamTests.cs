using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Download;

public sealed class ResumableRangeStreamTests
{
    private const string ETag = "\"e1\"";
    private const int PartNumber = 2;
    private const long Start = 100;
    private const long End = 399;
    private static readonly byte[] s_object = TestData.Bytes(1000);
    private readonly List<GetObjectRequest> _requests = [];

    [Fact]
    public async Task OpenAsync_NoResponse_RequestsThePartsRangeWithIfMatch()
    {
        using ResumableRangeStream stream = Create(Intact, maxResumes: 0, TimeSpan.Zero);

        await stream.OpenAsync(default);

        GetObjectRequest request = Assert.Single(_requests);
        Assert.Equal((Start, End), (request.ByteRange.Start, request.ByteRange.End));
        Assert.Equal(ETag, request.EtagToMatch);
    }

    [Fact]
    public async Task ReadAsync_BodyEndsEarly_RequestsTheMissingRangeWithIfMatch()
    {
        using ResumableRangeStream stream = Create(
            (start, end) => start == Start ? new ChunkyStream(Slice(start, 120), 50) : Intact(start, end), maxResumes: 1, TimeSpan.Zero);

        byte[] read = await ReadAllAsync(stream);

        Assert.Equal(s_object[(int)Start..(int)(End + 1)], read);
        Assert.Equal([(Start, End), (Start + 120, End)], _requests.Select(r => (r.ByteRange.Start, r.ByteRange.End)));
        Assert.All(_requests, r => Assert.Equal(ETag, r.EtagToMatch));
    }

    [Fact]
    public async Task ReadAsync_IOExceptionMidBody_RequestsTheMissingRangeWithIfMatch()
    {
        using ResumableRangeStream stream = Create(
            (start, end) => start == Start ? new BreakingStream(Slice(start, End - start + 1), breakAt: 120) : Intact(start, end),
            maxResumes: 1, TimeSpan.Zero);

        byte[] read = await ReadAllAsync(stream);

        Assert.Equal(s_object[(int)Start..(int)(End + 1)], read);
        Assert.Equal([(Start, End), (Start + 120, End)], _requests.Select(r => (r.ByteRange.Start, r.ByteRange.End)));
        Assert.All(_requests, r => Assert.Equal(ETag, r.EtagToMatch));
    }

    [Fact]
    public async Task ReadAsync_BodyKeepsBreaking_WaitsOneTwoThenFourTimesTheDelay()
    {
        var time = new TimerRecordingTimeProvider();
        TimeSpan delay = TimeSpan.FromSeconds(1);
        using ResumableRangeStream stream = Create(Empty, maxResumes: 3, delay, time);

        Task<byte[]> read = ReadAllAsync(stream);
        var delays = new List<TimeSpan>();
        for (int resume = 0; resume < 3; resume++)
        {
            TimeSpan due = await time.NextTimerAsync();
            delays.Add(due);
            time.Advance(due);
        }

        await Assert.ThrowsAsync<PartDownloadException>(() => read.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal([delay, 2 * delay, 4 * delay], delays);
    }

    [Fact]
    public async Task ReadAsync_OutOfResumes_ThrowsPartDownloadExceptionAfterMaxResumesRequests()
    {
        using ResumableRangeStream stream = Create(Empty, maxResumes: 2, TimeSpan.Zero);

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => ReadAllAsync(stream));

        Assert.Equal(PartNumber, error.PartNumber);
        Assert.Contains($"Part {PartNumber} ", error.Message, StringComparison.Ordinal);
        Assert.Equal(1 + 2, _requests.Count);
    }

    [Fact]
    public async Task ReadAsync_BodyKeepsBreakingWithJitterAtItsLowest_WaitsHalfOfEachExponentialDelay()
    {
        var time = new TimerRecordingTimeProvider();
        TimeSpan delay = TimeSpan.FromSeconds(1);
        using ResumableRangeStream stream = Create(Empty, maxResumes: 2, delay, time, random: () => 0.0);

        Task<byte[]> read = ReadAllAsync(stream);
        var delays = new List<TimeSpan>();
        for (int resume = 0; resume < 2; resume++)
        {
            TimeSpan due = await time.NextTimerAsync();
            delays.Add(due);
            time.Advance(due);
        }

        await Assert.ThrowsAsync<PartDownloadException>(() => read.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal([delay / 2, delay], delays);
    }

    [Fact]
    public void DelayBefore_ManyAttempts_NeverExceedsTheCapAndNeverFallsBelowHalfOfIt()
    {
        var low = new RetryPolicy(50, TimeSpan.FromMilliseconds(100), Timeout.InfiniteTimeSpan, TimeProvider.System, () => 0.0);
        var high = new RetryPolicy(50, TimeSpan.FromMilliseconds(100), Timeout.InfiniteTimeSpan, TimeProvider.System, () => 0.999);

        Assert.Equal(RetryPolicy.MaxDelay / 2, low.DelayBefore(40));
        Assert.InRange(high.DelayBefore(40), RetryPolicy.MaxDelay * 0.99, RetryPolicy.MaxDelay);
    }

    [Fact]
    public async Task ReadAsync_BodyGoesSilent_IsResumedFromTheLastByteAfterTheStallTimeout()
    {
        var time = new TimerRecordingTimeProvider();
        var silent = new GatedStream(Slice(Start, End - Start + 1), freeBytes: 64);
        using ResumableRangeStream stream = Create(
            (start, end) => start == Start ? silent : Intact(start, end), maxResumes: 1, TimeSpan.Zero, time, stallTimeout: TimeSpan.FromSeconds(30));

        Task<byte[]> read = ReadAllAsync(stream);
        await silent.Waiting.WaitAsync(TimeSpan.FromSeconds(10));
        time.Advance(TimeSpan.FromSeconds(30));

        Assert.Equal(s_object[(int)Start..(int)(End + 1)], await read.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal([(Start, End), (Start + 64, End)], _requests.Select(r => (r.ByteRange.Start, r.ByteRange.End)));
    }

    [Fact]
    public async Task ReadAsync_SlowButMovingBody_IsNotTakenForAStall()
    {
        var time = new TimerRecordingTimeProvider();
        using ResumableRangeStream stream = Create(Intact, maxResumes: 0, TimeSpan.Zero, time, stallTimeout: TimeSpan.FromSeconds(30));
        var buffer = new byte[64];

        // Each read completes; the clock moving a long way between reads (a paused reader) must not count.
        int total = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            total += read;
            time.Advance(TimeSpan.FromMinutes(5));
        }

        Assert.Equal(End - Start + 1, total);
        Assert.Single(_requests);
    }

    private static Stream Intact(long start, long end) => new MemoryStream(Slice(start, end - start + 1));

    private static Stream Empty(long start, long end) => new MemoryStream([]);

    private static byte[] Slice(long start, long length) => s_object.AsSpan((int)start, (int)length).ToArray();

    /// <summary>A stream over part <see cref="PartNumber"/> whose every GET is answered with the right headers and
    /// the body <paramref name="body"/> makes for the range asked.</summary>
    private ResumableRangeStream Create(Func<long, long, Stream> body, int maxResumes, TimeSpan resumeDelay, TimeProvider? time = null,
        TimeSpan? stallTimeout = null, Func<double>? random = null)
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                _requests.Add(r);
                return Task.FromResult(new GetObjectResponse
                {
                    HttpStatusCode = HttpStatusCode.PartialContent,
                    ContentRange = $"bytes {r.ByteRange.Start}-{r.ByteRange.End}/{s_object.Length}",
                    ContentLength = r.ByteRange.End - r.ByteRange.Start + 1,
                    ETag = ETag,
                    ResponseStream = body(r.ByteRange.Start, r.ByteRange.End),
                });
            });
        var target = new DownloadTarget("bucket", "key", null, ETag, s_object.Length, null, null, new Amazon.S3.Model.MetadataCollection());
        // Jitter pinned to its top (the full exponential delay), so delays can be asserted exactly; stalls per test.
        PartBodyReading reading = PartReadings.For(s3.Object, target, maxResumes, resumeDelay, stallTimeout ?? Timeout.InfiniteTimeSpan,
            time ?? TimeProvider.System, random ?? (() => 1.0));
        return new ResumableRangeStream(reading, new PartRange(PartNumber, Start, End), response: null, lease: null);
    }

    private static async Task<byte[]> ReadAllAsync(Stream stream)
    {
        using var output = new MemoryStream();
        byte[] buffer = new byte[64];
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            output.Write(buffer, 0, read);
        }

        return output.ToArray();
    }
}
