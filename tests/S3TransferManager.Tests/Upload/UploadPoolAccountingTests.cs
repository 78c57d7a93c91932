using Amazon.S3.Model;
using Moq;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Upload;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Upload;

/// <summary>Every chunk rented for a stream upload comes back, on success, failure and cancellation alike.</summary>
public sealed class UploadPoolAccountingTests
{
    private const int MiB = 1024 * 1024;
    private const int PartSize = 8 * MiB;
    private const int InFlight = 2;

    [Fact]
    public async Task ExecuteAsync_NonSeekableStream_ReturnsEveryChunkAndHoldsAtMostInFlightPlusOneParts()
    {
        using var pool = new CountingArrayPool();
        var s3 = new FakeUploadS3();
        var stream = new ChunkyStream(TestData.Bytes((40 * MiB) + 1), 100_000);

        TransferUtilityUploadResponse response = await RunAsync(s3, pool, stream);

        pool.AssertAllReturned();
        Assert.True(pool.MaxOutstandingBytes <= (InFlight + 1) * (long)PartSize, $"peak {pool.MaxOutstandingBytes} bytes");
        Assert.True(pool.MaxOutstandingBytes >= 2L * PartSize, "the read-ahead to the threshold buffers two parts");
        Assert.Equal(6, response.PartCount);
        Assert.Equal([1, 2, 3, 4, 5, 6], s3.Completed!.PartETags.Select(p => p.PartNumber!.Value));
        Assert.False(stream.IsDisposed);
    }

    [Fact]
    public async Task ExecuteAsync_BufferMemoryLimitOfOnePart_HoldsNoMoreThanTheReadAheadToTheThreshold()
    {
        using var pool = new CountingArrayPool();
        var s3 = new FakeUploadS3();
        byte[] content = TestData.Bytes(40 * MiB);

        // Without the limit the upload holds in-flight + 1 = 3 parts; with it, after the read-ahead to the 16 MiB
        // threshold (2 parts, which may not wait), one part at a time.
        await RunAsync(s3, pool, new ChunkyStream(content, 100_000), bufferMemoryLimit: PartSize);

        pool.AssertAllReturned();
        Assert.True(pool.MaxOutstandingBytes <= 2L * PartSize, $"peak {pool.MaxOutstandingBytes} bytes");
        Assert.Equal(5, s3.PartsStarted.Count);
    }

    [Fact]
    public async Task ExecuteAsync_PartFailsForGood_ReturnsEveryChunkAbortsAndNeverCompletes()
    {
        using var pool = new CountingArrayPool();
        var s3 = new FakeUploadS3(beforePart: (r, _) => r.PartNumber == 3 ? throw FakeUploadS3.NonRetryable() : Task.CompletedTask);
        var stream = new ChunkyStream(TestData.Bytes(40 * MiB), 100_000);

        var error = await Assert.ThrowsAsync<Amazon.S3.AmazonS3Exception>(() => RunAsync(s3, pool, stream));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        pool.AssertAllReturned();
        Assert.Equal(1, s3.Aborts);
        Assert.Null(s3.Completed);
        Assert.False(stream.IsDisposed);
    }

    [Fact]
    public async Task ExecuteAsync_CancelledWhileAPartWaits_ReturnsEveryChunkAndAborts()
    {
        using var pool = new CountingArrayPool();
        using var cancellation = new CancellationTokenSource();
        var s3 = new FakeUploadS3(beforePart: async (r, token) =>
        {
            if (r.PartNumber == 2)
            {
                await cancellation.CancelAsync();
                await Task.Delay(Timeout.Infinite, token);
            }
        });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() =>
            RunAsync(s3, pool, new ChunkyStream(TestData.Bytes(40 * MiB), 100_000), cancellation.Token));

        pool.AssertAllReturned();
        Assert.Equal(1, s3.Aborts);
        Assert.Null(s3.Completed);
    }

    [Fact]
    public async Task ExecuteAsync_CompleteAnswersWithoutETagAndTheHeadShowsAnotherObject_ThrowsUnexpectedResponseAndAborts()
    {
        using var pool = new CountingArrayPool();
        var s3 = new FakeUploadS3(completeETag: null);
        s3.Mock.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new GetObjectMetadataResponse { ContentLength = 1, ETag = "\"other\"" });

        await Assert.ThrowsAsync<UnexpectedResponseException>(() =>
            RunAsync(s3, pool, new ChunkyStream(TestData.Bytes(20 * MiB), 100_000)));

        pool.AssertAllReturned();
        Assert.Equal(1, s3.Aborts);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(3 * MiB)]
    [InlineData((10 * MiB) + 1)]
    public async Task ExecuteAsync_NonSeekableStreamBelowThreshold_PutsItsBytesOnceAndReturnsEveryChunk(int length)
    {
        using var pool = new CountingArrayPool();
        var s3 = new FakeUploadS3();
        byte[] content = TestData.Bytes(length);

        TransferUtilityUploadResponse response = await RunAsync(s3, pool, new ChunkyStream(content, 100_000));

        pool.AssertAllReturned();
        Assert.Equal(content, Assert.Single(s3.PutBodies));
        Assert.Empty(s3.PartsStarted);
        Assert.Equal(0, response.PartCount);
    }

    private static Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, CountingArrayPool pool, Stream stream,
        CancellationToken cancellationToken = default, long bufferMemoryLimit = 256 * MiB)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = InFlight, BufferMemoryLimit = bufferMemoryLimit }.Validated();
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", InputStream = stream, PartSize = PartSize, AutoCloseStream = false };
        request.Validate();
        return new UploadCommand(new S3TransferManager.TransferResources(s3.Mock.Object, config, NullLogger.Instance, pool), request).ExecuteAsync(cancellationToken);
    }
}
