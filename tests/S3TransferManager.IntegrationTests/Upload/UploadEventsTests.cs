using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(MotoCollection.Name)]
public sealed class UploadEventsTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_Multipart_RaisesInitiatedAndCompletedOnceAndProgressUpToTheLength()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(20 * MiB);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path };
        var initiated = new List<UploadInitiatedEventArgs>();
        var completed = new List<UploadCompletedEventArgs>();
        var progress = new List<TransferProgressArgs>();
        int failed = 0;
        request.UploadInitiatedEvent += (_, e) => initiated.Add(e);
        request.UploadCompletedEvent += (_, e) => completed.Add(e);
        request.UploadFailedEvent += (_, _) => failed++;
        request.UploadProgressEvent += (_, e) => progress.Add(e);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(request);

        Assert.Equal(content.Length, Assert.Single(initiated).TotalBytes);
        Assert.Same(response, Assert.Single(completed).Response);
        Assert.Equal(0, failed);
        Assert.Equal(content.Length, progress[^1].TransferredBytes);
        Assert.All(progress, p => Assert.Equal(content.Length, p.TotalBytes));
        Assert.Equal(progress.Select(p => p.TransferredBytes).Order(), progress.Select(p => p.TransferredBytes));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NonSeekableStream_ReportsUnknownTotalAtFirstAndTheLengthOnceFound()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(1000);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = new NonSeekableStream(content) };
        long initiatedTotal = 0;
        var progress = new List<TransferProgressArgs>();
        request.UploadInitiatedEvent += (_, e) => initiatedTotal = e.TotalBytes;
        request.UploadProgressEvent += (_, e) => progress.Add(e);

        await utility.UploadWithResponseAsync(request);

        Assert.Equal(-1, initiatedTotal);
        TransferProgressArgs last = Assert.Single(progress);
        Assert.Equal(1000, last.TotalBytes);
        Assert.Equal(100, last.PercentDone);
    }
}
