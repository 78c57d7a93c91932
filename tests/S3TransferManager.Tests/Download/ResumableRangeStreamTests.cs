using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;

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

    private static Stream Intact(long start, long end) => new MemoryStream(Slice(start, end - start + 1));

    private static Stream Empty(long start, long end) => new MemoryStream([]);

    private static byte[] Slice(long start, long length) => s_object.AsSpan((int)start, (int)length).ToArray();

    /// <summary>A stream over part <see cref="PartNumber"/> whose every GET is answered with the right headers and
    /// the body <paramref name="body"/> makes for the range asked.</summary>
    private ResumableRangeStream Create(Func<long, long, Stream> body, int maxResumes, TimeSpan resumeDelay, TimeProvider? time = null)
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
        var target = new DownloadTarget("bucket", "key", null, ETag, s_object.Length, null, null, new Dictionary<string, string>());
        var getter = new ObjectGetter(s3.Object, new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key" });
        return new ResumableRangeStream(new RangeRequester(getter, target), PartNumber, Start, End, response: null, lease: null,
            maxResumes, resumeDelay, time ?? TimeProvider.System, NullLogger.Instance);
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
