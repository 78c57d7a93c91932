using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>
/// A directory download creates each small object's temporary file from the listed size while its GET is out; an
/// object that changed or vanished after the listing must still come out right, and leave no temporary file.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryListingRaceTests(MotoServer moto)
{
    [Fact]
    public async Task DownloadDirectoryAsync_ObjectReplacedByALongerOneAfterTheListing_WritesTheNewBytes()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("dir/a.bin", TestSupport.TestData.Payload(1000));
        byte[] replacement = TestSupport.TestData.Payload(3000, seed: 5);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") };
        // The per-file hook runs after the listing and before the object's GET.
        request.DownloadDirectoryFileRequestEvent += (_, _) => s3.PutAsync("dir/a.bin", replacement).GetAwaiter().GetResult();

        await utility.DownloadDirectoryAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(replacement, await File.ReadAllBytesAsync(s3.PathFor("copy/a.bin")));
        Assert.Equal(["a.bin"], System.IO.Directory.GetFiles(s3.PathFor("copy")).Select(Path.GetFileName));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_ObjectDeletedAfterTheListing_FailsItAndLeavesNoTemporaryFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("dir/a.bin", TestSupport.TestData.Payload(1000));
        await s3.PutAsync("dir/b.bin", TestSupport.TestData.Payload(1000, seed: 2));
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy"), FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        request.DownloadDirectoryFileRequestEvent += (_, e) =>
        {
            if (e.DownloadRequest.Key == "dir/a.bin")
            {
                s3.SetupClient.DeleteObjectAsync(s3.BucketName, "dir/a.bin").GetAwaiter().GetResult();
            }
        };

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal((1, 1), (response.ObjectsDownloaded, response.ObjectsFailed));
        Assert.Equal(["b.bin"], System.IO.Directory.GetFiles(s3.PathFor("copy")).Select(Path.GetFileName));
    }
}
