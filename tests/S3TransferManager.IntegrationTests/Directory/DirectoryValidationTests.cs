using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>Bad input is refused before any request is sent.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryValidationTests(MotoServer moto)
{
    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("   ")]
    public async Task DownloadDirectoryWithResponseAsync_MissingBucket_ThrowsArgumentAndSendsNothing(string? bucket)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<ArgumentException>(() => utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest { BucketName = bucket, LocalDirectory = s3.PathFor("copy") }));

        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_LocalDirectoryIsAFile_ThrowsArgumentAndSendsNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        File.WriteAllBytes(s3.PathFor("a-file"), [1]);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<ArgumentException>(() => utility.DownloadDirectoryAsync(s3.BucketName, "dir", s3.PathFor("a-file")));

        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_MissingLocalDirectory_ThrowsArgumentAndSendsNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<ArgumentException>(() => utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir" }));

        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_DirectoryDoesNotExist_ThrowsDirectoryNotFoundAndSendsNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<DirectoryNotFoundException>(() => utility.UploadDirectoryAsync(s3.PathFor("missing"), s3.BucketName));

        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_MissingDirectory_ThrowsArgumentAndSendsNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<ArgumentException>(() => utility.UploadDirectoryWithResponseAsync(
            new TransferUtilityUploadDirectoryRequest { BucketName = s3.BucketName }));

        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_EmptyBucket_ThrowsArgumentAndSendsNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<ArgumentException>(() => utility.UploadDirectoryAsync(s3.Folder, ""));

        Assert.Empty(s3.Handler.Requests);
    }
}
