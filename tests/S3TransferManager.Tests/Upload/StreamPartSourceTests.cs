using Amazon.S3;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Multipart;
using S3TransferManager.Upload;
using S3TransferManager.Events;

namespace S3TransferManager.Tests.Upload;

public sealed class StreamPartSourceTests
{
    [Fact]
    public async Task ReadNextAsync_StreamLongerThanThePartLimit_ThrowsTooManyPartsBeforeHandingOutTheExtraPart()
    {
        using var pool = new CountingArrayPool();
        using var source = new StreamPartSource(new ChunkyStream(TestData.Bytes(301), 64), 100, -1, Upload(pool), maxPartCount: 3);
        for (int part = 1; part <= 3; part++)
        {
            PartBody? body = await source.ReadNextAsync(CancellationToken.None);
            Assert.Equal(part, body!.PartNumber);
            await body.Content.DisposeAsync();
        }

        var error = await Assert.ThrowsAsync<PartLimitExceededException>(() => source.ReadNextAsync(CancellationToken.None).AsTask());

        Assert.Equal(100, error.PartSize);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ReadNextAsync_StreamOfExactlyThePartLimit_EndsWithoutError()
    {
        using var pool = new CountingArrayPool();
        using var source = new StreamPartSource(new ChunkyStream(TestData.Bytes(300), 64), 100, -1, Upload(pool), maxPartCount: 3);
        var lengths = new List<long>();
        while (await source.ReadNextAsync(CancellationToken.None) is { } body)
        {
            lengths.Add(body.Length);
            await body.Content.DisposeAsync();
        }

        Assert.Equal([100, 100, 100], lengths);
        Assert.Equal(300, source.TotalLength);
        pool.AssertAllReturned();
    }

    /// <summary>An upload of s3://b/k whose chunks come from <paramref name="pool"/>.</summary>
    private static UploadContext Upload(CountingArrayPool pool)
    {
        var resources = new TransferResources(new Mock<IAmazonS3>().Object, new TransferUtilityConfig().Validated(), NullLogger.Instance, pool);
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k" };
        return new UploadContext(resources, resources.Scheduler.OpenLane(), request, new ProgressTracker(null));
    }
}
