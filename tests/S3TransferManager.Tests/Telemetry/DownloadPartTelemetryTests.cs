using System.Diagnostics;
using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Requests;
using S3TransferManager.Tests.Download;

namespace S3TransferManager.Tests.Telemetry;

/// <summary>The telemetry of one download part, through its body (<see cref="ResumableRangeStream"/>): the span, the
/// resumes, the bytes and the part duration. Each test has its own bucket, so tests running beside it do not count.</summary>
public sealed class DownloadPartTelemetryTests
{
    private const string ETag = "\"e1\"";
    private const long Start = 100;
    private const long End = 399;
    private static readonly byte[] s_object = TestData.Bytes(1000);
    private readonly string _bucket = "unit-" + Guid.NewGuid().ToString("N");

    [Fact]
    public async Task ReadAsync_BodyBreaksOnceThenEnds_CountsOneResumeWithItsCause()
    {
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.resumes", "s3transfermanager.retries");
        await using (ResumableRangeStream body = Create(breakOnce: true, maxResumes: 1))
        {
            await ReadAllAsync(body);
        }

        var resume = Assert.Single(telemetry.Counter("s3transfermanager.resumes"));
        var retry = Assert.Single(telemetry.Counter("s3transfermanager.retries"));
        Assert.Equal("System.IO.IOException", resume.Tags["error.type"]);
        Assert.Equal("GetObject", retry.Tags["rpc.method"]);
    }

    [Fact]
    public async Task Dispose_AfterAResumedPartWasRead_EndsItsSpanTaggedWithThePartAndItsResume()
    {
        using var telemetry = new TelemetryRecorder(_bucket);
        await using (ResumableRangeStream body = Create(breakOnce: true, maxResumes: 1))
        {
            await ReadAllAsync(body);
        }

        Activity span = Assert.Single(telemetry.SpansNamed("S3TransferManager.GetPart"));
        Assert.Equal(ActivityStatusCode.Unset, span.Status);
        Assert.Equal(
            [("aws.s3.key", (object?)"key"), ("aws.s3.part_number", 2), ("s3transfermanager.part.offset", Start),
                ("s3transfermanager.part.size", End - Start + 1), ("s3transfermanager.transferred_bytes", End - Start + 1),
                ("s3transfermanager.part.resumes", 1)],
            new[] { "aws.s3.key", "aws.s3.part_number", "s3transfermanager.part.offset", "s3transfermanager.part.size",
                "s3transfermanager.transferred_bytes", "s3transfermanager.part.resumes" }.Select(k => (k, span.GetTagItem(k))));
    }

    [Fact]
    public async Task ReadAsync_ResumesExhausted_EndsTheSpanAndThePartDurationAsFailed()
    {
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.part.duration");
        await using (ResumableRangeStream body = Create(breakOnce: true, maxResumes: 0))
        {
            await Assert.ThrowsAsync<PartDownloadException>(() => ReadAllAsync(body));
        }

        Activity span = Assert.Single(telemetry.SpansNamed("S3TransferManager.GetPart"));
        var duration = Assert.Single(telemetry.Histogram("s3transfermanager.part.duration"));
        Assert.Equal(ActivityStatusCode.Error, span.Status);
        Assert.Equal("S3TransferManager.PartDownloadException", span.GetTagItem("error.type"));
        Assert.Equal("S3TransferManager.PartDownloadException", duration.Tags["error.type"]);
    }

    [Fact]
    public async Task ReadAsync_EveryRead_CountsItsBytesAsDownloaded()
    {
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.io");
        await using (ResumableRangeStream body = Create(breakOnce: false, maxResumes: 0))
        {
            await ReadAllAsync(body);
        }

        var bytes = telemetry.Counter("s3transfermanager.io");
        Assert.Equal(End - Start + 1, bytes.Sum(m => m.Value));
        Assert.All(bytes, m => Assert.Equal("download", m.Tags["s3transfermanager.direction"]));
    }

    private ResumableRangeStream Create(bool breakOnce, int maxResumes)
    {
        bool broken = false;
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                byte[] slice = s_object[(int)r.ByteRange.Start..(int)(r.ByteRange.End + 1)];
                Stream content = breakOnce && !broken ? new BreakingStream(slice, breakAt: 120) : new MemoryStream(slice);
                broken = true;
                return Task.FromResult(new GetObjectResponse
                {
                    HttpStatusCode = HttpStatusCode.PartialContent,
                    ContentRange = $"bytes {r.ByteRange.Start}-{r.ByteRange.End}/{s_object.Length}",
                    ContentLength = slice.Length,
                    ETag = ETag,
                    ResponseStream = content,
                });
            });
        var target = new DownloadTarget(_bucket, "key", null, ETag, s_object.Length, null, null, new Amazon.S3.Model.MetadataCollection());
        PartBodyReading reading = PartReadings.For(s3.Object, target, maxResumes, TimeSpan.Zero, Timeout.InfiniteTimeSpan, TimeProvider.System);
        return new ResumableRangeStream(reading, new PartRange(2, Start, End), response: null, lease: null);
    }

    private static async Task ReadAllAsync(Stream stream)
    {
        byte[] buffer = new byte[64];
        while (await stream.ReadAsync(buffer) > 0)
        {
        }
    }
}
