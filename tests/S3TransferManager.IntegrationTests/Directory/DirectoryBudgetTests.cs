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
        byte[] big = TestData.Payload(20 * 1024 * 1024);
        await s3.PutAsync("dir/big-1", big);
        await s3.PutAsync("dir/big-2", big);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(40, "dir/small"))
        {
            await s3.PutAsync(key, content);
        }

        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 4 });
        s3.Handler.Reset();

        await utility.DownloadDirectoryAsync(s3.BucketName, "dir", s3.PathFor("copy")).WaitAsync(TimeSpan.FromMinutes(2));

        // 4 slots, set explicitly: a hard cap, whatever mix of big and small objects runs.
        Assert.InRange(s3.Handler.MaxInFlight, 2, 4);
        Assert.Equal(TestData.Sha256(big), TestData.Sha256OfFile(Path.Combine(s3.PathFor("copy"), "big-2")));
        Assert.Equal(42, System.IO.Directory.GetFiles(s3.PathFor("copy"), "*", SearchOption.AllDirectories).Length);
    }

    [Fact]
    public async Task UploadDirectoryAsync_MultipartAndSmallFiles_NeverExceedsConcurrentServiceRequests()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string root = s3.PathFor("tree");
        System.IO.Directory.CreateDirectory(root);
        await File.WriteAllBytesAsync(Path.Combine(root, "big-1"), TestData.Payload(16 * 1024 * 1024, seed: 1));
        await File.WriteAllBytesAsync(Path.Combine(root, "big-2"), TestData.Payload(16 * 1024 * 1024, seed: 2));
        for (int i = 0; i < 20; i++)
        {
            await File.WriteAllBytesAsync(Path.Combine(root, $"small-{i}"), TestData.Payload(100 + i, seed: i));
        }

        // Multipart from 5 MiB, so each big file alone could put 4 parts in flight; two of them and the small files share 4.
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 4, MinSizeBeforePartUpload = 5 * 1024 * 1024 });
        s3.Handler.Reset();

        await utility.UploadDirectoryWithResponseAsync(new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = root, KeyPrefix = "up/", PartSize = 5 * 1024 * 1024,
        }).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.InRange(s3.Handler.MaxInFlight, 2, 4);
        IReadOnlyList<RequestRecord> requests = s3.Handler.Requests;
        Assert.Equal(20, requests.Count(r => r.Method == "PUT" && !r.HasQuery("partNumber")));
        Assert.Equal(8, requests.Count(r => r.Method == "PUT" && r.HasQuery("partNumber")));
    }
}
