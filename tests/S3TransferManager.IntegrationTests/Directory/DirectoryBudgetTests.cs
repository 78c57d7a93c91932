using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>Every request of every object of a directory draws on the utility's one budget.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryBudgetTests(MotoServer moto)
{
    [Fact]
    public async Task DownloadDirectoryAsync_BigAndSmallObjects_NeverExceedsConcurrentServiceRequests()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] big = TestData.Bytes(20 * 1024 * 1024);
        await s3.PutAsync("dir/big-1", big);
        await s3.PutAsync("dir/big-2", big);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(40, "dir/small"))
        {
            await s3.PutAsync(key, content);
        }

        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 4 });
        s3.Handler.Reset();

        await utility.DownloadDirectoryAsync(s3.BucketName, "dir", s3.PathFor("copy")).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.InRange(s3.Handler.MaxInFlight, 2, 4);
        Assert.Equal(TestData.Sha256(big), TestData.Sha256OfFile(Path.Combine(s3.PathFor("copy"), "big-2")));
        Assert.Equal(42, System.IO.Directory.GetFiles(s3.PathFor("copy"), "*", SearchOption.AllDirectories).Length);
    }
}
