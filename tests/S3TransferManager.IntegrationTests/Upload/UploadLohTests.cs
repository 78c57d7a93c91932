using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(IsolatedMotoCollection.Name)]
public sealed class UploadLohTests(MotoServer moto)
{
    private const int Length = 64 * 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_64MiBFile_AllocatesNothingOnTheLargeObjectHeap()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(Length));
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path };

        LohAllocationMonitor.Result loh = await LohAllocationMonitor.MeasureAsync(() => utility.UploadWithResponseAsync(request));

        Assert.True(loh.TickCount == 0, loh.ToString());
        Assert.Equal(TestData.Sha256OfFile(path), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_64MiBSeekableStream_AllocatesNothingOnTheLargeObjectHeap()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(Length);
        string expected = TestData.Sha256(content);
        using var stream = new MemoryStream(content, writable: false);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = stream };

        LohAllocationMonitor.Result loh = await LohAllocationMonitor.MeasureAsync(() => utility.UploadWithResponseAsync(request));

        Assert.True(loh.TickCount == 0, loh.ToString());
        Assert.Equal(expected, await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_64MiBNonSeekableStream_AllocatesNothingOnTheLargeObjectHeap()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(Length);
        string expected = TestData.Sha256(content);
        var stream = new NonSeekableStream(content);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = stream };

        LohAllocationMonitor.Result loh = await LohAllocationMonitor.MeasureAsync(() => utility.UploadWithResponseAsync(request));

        Assert.True(loh.TickCount == 0, loh.ToString());
        Assert.Equal(expected, await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }
}
