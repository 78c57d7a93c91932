using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// The lifecycle events of an upload from a stream that cannot seek (a pipe, a compressor's output), subscribed to as an
// app using Amazon.S3.Transfer does; see UploadScenarios. Its length is not known before the end, so every lifecycle
// event reports 0 bytes of -1.
[Collection(CompatMotoCollection.Name)]
public sealed class StreamUploadEventScenarios(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Theory]
    [InlineData(1000)]
    [InlineData((6 * MiB) + 5)]
    public async Task UploadAsync_NonSeekableStream_InitiatedAndCompletedReportAnUnknownLength(int length)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Payload(length);
        var request = new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name, Key = "piped", InputStream = new NonSeekableStream(content), PartSize = 5 * MiB,
        };
        long initiatedTotal = 0;
        UploadCompletedEventArgs? completed = null;
        request.UploadInitiatedEvent += (_, e) => initiatedTotal = e.TotalBytes;
        request.UploadCompletedEvent += (_, e) => completed = e;
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(request);

        Assert.Equal(-1, initiatedTotal);
        Assert.Equal((0L, -1L), (completed!.TransferredBytes, completed.TotalBytes));
        Assert.Equal(length, (await bucket.HeadAsync("piped")).ContentLength);
    }

    [Fact]
    public async Task UploadAsync_NonSeekableStreamToAMissingBucket_FailedReportsAnUnknownLength()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        var request = new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name + "-missing", Key = "piped", InputStream = new NonSeekableStream(TestData.Payload(1000)),
        };
        UploadFailedEventArgs? failed = null;
        request.UploadFailedEvent += (_, e) => failed = e;
        using var transferUtility = new TransferUtility(bucket.Client);

        await Assert.ThrowsAsync<AmazonS3Exception>(() => transferUtility.UploadAsync(request));

        Assert.Equal((0L, -1L), (failed!.TransferredBytes, failed.TotalBytes));
    }
}
