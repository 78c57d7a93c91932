using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.RealServer.RealServerContext;

namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>A 20-file tree (two levels, 0 bytes to 300 KiB) to the real server and back, and a sync of it that then
/// copies one changed file and deletes one removed file.</summary>
[Trait("Category", "RealServer")]
public sealed class RealServerDirectoryTests
{
    [RealServerFact]
    public async Task UploadDirectoryThenDownloadDirectory_TwentyFileTree_SameFilesBothWays()
    {
        await using RealServerContext s3 = await CreateAsync();
        string source = s3.PathFor("source");
        Dictionary<string, byte[]> tree = await WriteTreeAsync(source);
        using var utility = new TransferUtility(s3.Client);

        TransferUtilityUploadDirectoryResponse up = await utility.UploadDirectoryWithResponseAsync(new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = source, KeyPrefix = "tree/", SearchOption = SearchOption.AllDirectories,
        });
        string copy = s3.PathFor("copy");
        TransferUtilityDownloadDirectoryResponse down = await utility.DownloadDirectoryWithResponseAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "tree", LocalDirectory = copy,
        });

        Assert.Equal((20L, 0L), (up.ObjectsUploaded, up.ObjectsFailed));
        Assert.Equal((20L, 0L), (down.ObjectsDownloaded, down.ObjectsFailed));
        Assert.Equal(tree.Keys.Select(k => "tree/" + k).Order(StringComparer.Ordinal), await s3.ListKeysAsync("tree/"));
        foreach ((string relative, byte[] content) in tree)
        {
            Assert.Equal(content, await File.ReadAllBytesAsync(Path.Combine(copy, relative)));
        }
    }

    [RealServerFact]
    public async Task SyncWithResponseAsync_SecondSyncAfterOneChangeAndOneRemoval_CopiesAndDeletesOnlyThose()
    {
        await using RealServerContext s3 = await CreateAsync();
        string source = s3.PathFor("source");
        Dictionary<string, byte[]> tree = await WriteTreeAsync(source);
        using var utility = new TransferUtility(s3.Client);
        var request = new TransferUtilitySyncRequest { SourceDirectory = source, DestinationBucket = s3.BucketName, DestinationPrefix = "site", Delete = true };
        TransferUtilitySyncResponse first = await utility.SyncWithResponseAsync(request);

        byte[] changed = TestData.Payload(5000, seed: 99);
        await File.WriteAllBytesAsync(Path.Combine(source, "a", "file-03.bin"), changed);
        File.Delete(Path.Combine(source, "b", "c", "file-17.bin"));
        TransferUtilitySyncResponse second = await utility.SyncWithResponseAsync(request);

        Assert.Equal((20L, 0L), (first.ObjectsTransferred, first.ObjectsFailed));
        Assert.Equal((1L, 1L, 18L, 0L), (second.ObjectsTransferred, second.ObjectsDeleted, second.ObjectsUnchanged, second.ObjectsFailed));
        Assert.Equal(changed, await s3.ReadAsync("site/a/file-03.bin"));
        Assert.DoesNotContain("site/b/c/file-17.bin", await s3.ListKeysAsync("site/"));
        Assert.Equal(19, (await s3.ListKeysAsync("site/")).Count);
    }

    /// <summary>20 files: a/ holds 0-9, b/c/ holds 10-19; file 0 is empty, the others grow to 300 KiB. Each is dated an
    /// hour back, so a server that keeps whole seconds of LastModified still dates its copy after the file.</summary>
    private static async Task<Dictionary<string, byte[]>> WriteTreeAsync(string root)
    {
        var tree = new Dictionary<string, byte[]>(StringComparer.Ordinal);
        for (int i = 0; i < 20; i++)
        {
            string relative = (i < 10 ? "a/" : "b/c/") + $"file-{i:D2}.bin";
            byte[] content = TestData.Payload(i * 15 * 1024, seed: i);
            string path = Path.Combine(root, relative);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            await File.WriteAllBytesAsync(path, content);
            File.SetLastWriteTimeUtc(path, DateTime.UtcNow.AddHours(-1));
            tree.Add(relative, content);
        }

        return tree;
    }
}
