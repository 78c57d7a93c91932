using System.Net;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>An aborted directory upload leaves no multipart upload open.</summary>
[Collection(MotoCollection.Name)]
public sealed class UploadDirectoryAbortTests(MotoServer moto)
{
    private const long FiveMiB = 5L * 1024 * 1024;

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_AbortOnFailure_ThrowsAndLeavesNoMultipartUploadOpen()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        DirectoryTree.Write(s3.PathFor("source"),
        [
            ("big.bin", TestData.Payload((int)(3 * FiveMiB))),
            .. DirectoryTree.SmallFiles(10, "small"),
        ]);
        s3.Handler.FaultRule = r => r.Method == "PUT" && r.HasQuery("partNumber=2")
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = FiveMiB });

        await Assert.ThrowsAsync<Amazon.S3.AmazonS3Exception>(() => utility.UploadDirectoryWithResponseAsync(
            new TransferUtilityUploadDirectoryRequest
            {
                BucketName = s3.BucketName, Directory = s3.PathFor("source"), SearchOption = SearchOption.AllDirectories,
                PartSize = FiveMiB,
            }).WaitAsync(TimeSpan.FromMinutes(1)));

        ListMultipartUploadsResponse open = await s3.SetupClient.ListMultipartUploadsAsync(s3.BucketName);
        Assert.Empty(open.MultipartUploads ?? []);
    }
}
