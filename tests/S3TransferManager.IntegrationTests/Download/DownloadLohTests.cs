using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

[Collection(IsolatedMotoCollection.Name)]
public sealed class DownloadLohTests(MotoServer moto)
{
    [Fact]
    public async Task DownloadWithResponseAsync_64MiB_AllocatesNothingOnTheLargeObjectHeap()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(64 * 1024 * 1024);
        string expected = TestData.Sha256(content);
        await s3.PutAsync("object", content);
        content = [];
        string path = s3.PathFor("f");
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = path };

        LohAllocationMonitor.Result loh = await LohAllocationMonitor.MeasureAsync(() => utility.DownloadWithResponseAsync(request));

        Assert.True(loh.TickCount == 0, loh.ToString());
        Assert.Equal(expected, TestData.Sha256OfFile(path));
    }
}
