using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Time.Testing;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Download;

/// <summary>
/// Downloads and streams whose parts' requests go out early (in a body's last round trip): every byte lands once, and every slot
/// and response is given back, also when an early request fails. The fake clock makes each response take 20 ms and
/// each 4 KiB read 2 ms, so the lookahead estimate is known after the first bodies and early requests do happen.
/// </summary>
public sealed class EarlyRequestTests : IDisposable
{
    private const int PartSize = 64 * 1024;
    private const int Parts = 12;
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-unit-").FullName;
    private readonly byte[] _object = TestData.Bytes(Parts * PartSize);
    private readonly FakeTimeProvider _clock = new();
    private int _openResponses;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task ExecuteAsync_PartsRequestedEarly_WritesEveryByteAndGivesEverySlotBack()
    {
        TransferResources resources = Resources(failFrom: long.MaxValue);
        string path = Path.Combine(_folder, "object.bin");

        await new FileDownloadCommand(resources, Request(path)).ExecuteAsync(default).WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal(_object, await File.ReadAllBytesAsync(path));
        Assert.Equal(0, resources.Scheduler.InFlight);
        Assert.Equal(0, Volatile.Read(ref _openResponses));
    }

    [Fact]
    public async Task ExecuteAsync_LaterPartRefused_ThrowsObjectModifiedAndGivesEverySlotBack()
    {
        TransferResources resources = Resources(failFrom: 6L * PartSize);
        string path = Path.Combine(_folder, "object.bin");

        await Assert.ThrowsAsync<ObjectModifiedException>(
            () => new FileDownloadCommand(resources, Request(path)).ExecuteAsync(default).WaitAsync(TimeSpan.FromSeconds(30)));

        Assert.Equal(0, resources.Scheduler.InFlight);
        Assert.Equal(0, Volatile.Read(ref _openResponses));
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task OpenStream_PartsRequestedEarlyThroughASmallWindow_ReadsEveryByteAndGivesEverythingBack()
    {
        TransferResources resources = Resources(failFrom: long.MaxValue);

        var copy = new MemoryStream();
        await using (TransferUtilityOpenStreamResponse response = await new OpenStreamCommand(resources, StreamRequest()).ExecuteAsync(default))
        {
            await response.ResponseStream.CopyToAsync(copy).WaitAsync(TimeSpan.FromSeconds(30));
        }

        Assert.Equal(_object, copy.ToArray());
        Assert.Equal(0, resources.Scheduler.InFlight);
        Assert.Equal(0, resources.Buffers.InUseBytes);
        Assert.Equal(0, Volatile.Read(ref _openResponses));
    }

    [Fact]
    public async Task OpenStream_LaterPartRefused_ReadFailsAndEverythingIsGivenBack()
    {
        TransferResources resources = Resources(failFrom: 6L * PartSize);

        await using (TransferUtilityOpenStreamResponse response = await new OpenStreamCommand(resources, StreamRequest()).ExecuteAsync(default))
        {
            await Assert.ThrowsAsync<PartDownloadException>(
                () => response.ResponseStream.CopyToAsync(Stream.Null).WaitAsync(TimeSpan.FromSeconds(30)));
        }

        Assert.Equal(0, resources.Scheduler.InFlight);
        Assert.Equal(0, resources.Buffers.InUseBytes);
        Assert.Equal(0, Volatile.Read(ref _openResponses));
    }

    private static TransferUtilityOpenStreamRequest StreamRequest() =>
        new() { BucketName = "bucket", Key = "key", PartSize = PartSize, MaxInMemoryParts = 3 };

    private static TransferUtilityDownloadRequest Request(string path) =>
        new() { BucketName = "bucket", Key = "key", FilePath = path, PartSize = PartSize };

    /// <summary>Answers ranged GETs of <see cref="_object"/>; from byte <paramref name="failFrom"/> on, with 412.</summary>
    private TransferResources Resources(long failFrom)
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                // Part 1 by number is a part of the object as uploaded in parts of PartSize.
                bool byNumber = r.PartNumber is not null;
                r = FakeDownloadS3.AsRanged(r, _object.Length, PartSize);
                _clock.Advance(TimeSpan.FromMilliseconds(20));
                if (r.ByteRange.Start >= failFrom)
                {
                    throw FakeDownloadS3.PreconditionFailed();
                }

                Interlocked.Increment(ref _openResponses);
                int length = (int)(r.ByteRange.End - r.ByteRange.Start + 1);
                var response = new GetObjectResponse
                {
                    HttpStatusCode = HttpStatusCode.PartialContent,
                    ContentRange = $"bytes {r.ByteRange.Start}-{r.ByteRange.End}/{_object.Length}",
                    ContentLength = length,
                    ETag = "\"e1\"",
                    ResponseStream = new PacedBody(_object.AsMemory((int)r.ByteRange.Start, length), _clock, () => Interlocked.Decrement(ref _openResponses)),
                };
                return Task.FromResult(byNumber ? FakeDownloadS3.WithPartsCount(response, _object.Length, PartSize) : response);
            });
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2 }.Validated();
        return new TransferResources(s3.Object, config, NullLogger.Instance, timeProvider: _clock);
    }

    /// <summary>A body that hands out at most 4 KiB per read, each taking 2 ms on the fake clock, and reports its disposal.</summary>
    private sealed class PacedBody(ReadOnlyMemory<byte> content, FakeTimeProvider clock, Action disposed) : MemoryStream(content.ToArray())
    {
        private int _disposed;

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            clock.Advance(TimeSpan.FromMilliseconds(2));
            return base.ReadAsync(buffer[..Math.Min(buffer.Length, 4096)], cancellationToken);
        }

        protected override void Dispose(bool disposing)
        {
            if (Interlocked.Exchange(ref _disposed, 1) == 0)
            {
                disposed();
            }

            base.Dispose(disposing);
        }
    }
}
