using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>The object headers an app reads from the AWS SDK's download responses reach ours too.</summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadResponseHeadersTests(MotoServer moto)
{
    private const int PartSize = 64 * 1024;

    [Fact]
    public async Task DownloadWithResponseAsync_StoredObject_ReportsItsStorageClassEncryptionAndValidatedChecksum()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((3 * PartSize) + 5);
        using TransferUtility utility = s3.CreateUtility();
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content),
            StorageClass = S3StorageClass.StandardInfrequentAccess, ServerSideEncryptionMethod = ServerSideEncryptionMethod.AES256,
        });

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("out"), PartSize = PartSize });

        Assert.Equal(S3StorageClass.StandardInfrequentAccess, response.StorageClass);
        Assert.Equal(ServerSideEncryptionMethod.AES256, response.ServerSideEncryptionMethod);
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content), response.ChecksumCRC32);
        Assert.Equal($"bytes 0-{content.Length - 1}/{content.Length}", response.ContentRange);
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_StoredObject_ReportsItsStorageClass()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(TestData.Payload(1000)),
            StorageClass = S3StorageClass.StandardInfrequentAccess,
        });

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(s3.BucketName, "k");

        Assert.Equal(S3StorageClass.StandardInfrequentAccess, response.StorageClass);
    }
}
