using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>Keys seeded on the server that try to leave LocalDirectory are refused, and nothing is written for them.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryUnsafeKeyTests(MotoServer moto)
{
    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_KeysThatEscape_AreRefusedAndWriteNothingOutside()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string[] unsafeKeys = ["dir/../escaped-dotdot.txt", "dir/sub/../../escaped-deep.txt", "dir/..\\escaped-backslash.txt",
            "dir//escaped-empty.txt", "dir/C:/escaped-drive.txt"];
        foreach (string key in unsafeKeys)
        {
            await s3.PutAsync(key, [1, 2, 3]);
        }

        await s3.PutAsync("dir/safe.txt", [4, 5]);
        string local = Path.Combine(s3.PathFor("inner"), "copy");
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest
            {
                BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = local, FailurePolicy = FailurePolicy.ContinueOnFailure,
            }).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(1, response.ObjectsDownloaded);
        Assert.All(response.Errors, e => Assert.IsType<UnsafeKeyException>(e));
        Assert.Equal(unsafeKeys.Length, response.ObjectsFailed);
        Assert.Equal([Path.Combine(local, "safe.txt")], System.IO.Directory.GetFiles(s3.Folder, "*", SearchOption.AllDirectories));
    }
}
