using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Time.Testing;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Download;

/// <summary>A body says when its rest is worth one first-byte wait: the moment the next part's request goes out.</summary>
public sealed class ResumableRangeStreamNearEndTests
{
    private const string ETag = "\"e1\"";
    private const long Start = 100;
    private const long End = 399;
    private static readonly byte[] s_object = TestData.Bytes(1000);

    [Fact]
    public async Task OnNearEnd_EstimateKnown_CalledOnceWhenTheRestFitsInOneWait()
    {
        var estimate = new LookaheadEstimate();
        estimate.Observe(1000, 100, 10);
        await using ResumableRangeStream body = Create(estimate);
        var remainingAtCalls = new List<long>();
        body.OnNearEnd(() => remainingAtCalls.Add(body.Remaining));

        await DrainAsync(body);

        long call = Assert.Single(remainingAtCalls);
        Assert.InRange(call, 100 - 63, 100);
    }

    [Fact]
    public async Task OnNearEnd_EstimateUnknown_NeverCalled()
    {
        await using ResumableRangeStream body = Create(new LookaheadEstimate());
        int calls = 0;
        body.OnNearEnd(() => calls++);

        await DrainAsync(body);

        Assert.Equal(0, calls);
    }

    [Fact]
    public async Task ReadAsync_BodyWatchedForOneFirstByteWait_ReportsItsPaceToTheEstimate()
    {
        var estimate = new LookaheadEstimate();
        var clock = new FakeTimeProvider();

        // The response takes 20 ms; then each 64-byte read takes 10 ms: after two reads, 128 bytes came in one wait.
        await using ResumableRangeStream body = Create(estimate, clock, firstByte: TimeSpan.FromMilliseconds(20), perRead: TimeSpan.FromMilliseconds(10));
        await DrainAsync(body);

        Assert.Equal(128, estimate.Bytes);
    }

    private static async Task DrainAsync(ResumableRangeStream body)
    {
        byte[] buffer = new byte[64];
        while (await body.ReadAsync(buffer) > 0)
        {
        }
    }

    private static ResumableRangeStream Create(LookaheadEstimate estimate, FakeTimeProvider? clock = null, TimeSpan firstByte = default,
        TimeSpan perRead = default)
    {
        clock ??= new FakeTimeProvider();
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                clock.Advance(firstByte);
                return Task.FromResult(new GetObjectResponse
                {
                    HttpStatusCode = HttpStatusCode.PartialContent,
                    ContentRange = $"bytes {r.ByteRange.Start}-{r.ByteRange.End}/{s_object.Length}",
                    ContentLength = r.ByteRange.End - r.ByteRange.Start + 1,
                    ETag = ETag,
                    ResponseStream = new ClockStream(s_object.AsMemory((int)r.ByteRange.Start, (int)(r.ByteRange.End - r.ByteRange.Start + 1)), clock, perRead),
                });
            });
        var target = new DownloadTarget("bucket", "key", null, ETag, s_object.Length, null, null, new Amazon.S3.Model.MetadataCollection());
        // Unless a test moves the clock, the body's own timing yields no sample, so the estimate stays what the test set.
        PartBodyReading reading = PartReadings.For(s3.Object, target, 0, TimeSpan.Zero, Timeout.InfiniteTimeSpan, clock, () => 1.0, estimate);
        return new ResumableRangeStream(reading, new PartRange(2, Start, End), response: null, lease: null);
    }

    /// <summary>A body whose every read takes <c>perRead</c> on the fake clock.</summary>
    private sealed class ClockStream(ReadOnlyMemory<byte> content, FakeTimeProvider clock, TimeSpan perRead) : MemoryStream(content.ToArray())
    {
        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            clock.Advance(perRead);
            return base.ReadAsync(buffer, cancellationToken);
        }
    }
}
