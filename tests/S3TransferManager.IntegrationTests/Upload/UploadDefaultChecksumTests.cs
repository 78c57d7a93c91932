using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>Without a ChecksumAlgorithm an upload sends CRC32, as the AWS SDK does, so every object the library
/// stores can be validated on download; DisableDefaultChecksumValidation turns that off.</summary>
[Collection(MotoCollection.Name)]
public sealed class UploadDefaultChecksumTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Theory]
    [InlineData(MiB + 11)]
    [InlineData((11 * MiB) + 11)]
    public async Task UploadWithResponseAsync_NoAlgorithm_StoresCrc32AndTheDownloadValidatesIt(int size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(size);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), PartSize = 5 * MiB,
        });
        GetObjectMetadataResponse head = await s3.SetupClient.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = s3.BucketName, Key = "k", ChecksumMode = ChecksumMode.ENABLED });
        TransferUtilityDownloadResponse download = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("out"), PartSize = MiB });

        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content), head.ChecksumCRC32);
        Assert.True(download.ChecksumValidation!.Validated, download.ChecksumValidation.NotValidatedReason);
        Assert.Equal(ChecksumAlgorithm.CRC32, download.ChecksumValidation.Algorithm);
    }

    [Fact]
    public async Task UploadWithResponseAsync_DefaultTurnedOff_SendsNoChecksum()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(MiB + 11);
        // A client at WHEN_SUPPORTED adds a CRC32 of its own where the library sends none; this one computes none.
        using AmazonS3Client client = S3TestContext.CreateClient(moto.ServiceUrl, httpClientFactory: null, S3TestContext.SdkChecksumsOff);
        using var utility = new TransferUtility(client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), DisableDefaultChecksumValidation = true,
        });
        GetObjectMetadataResponse head = await s3.SetupClient.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = s3.BucketName, Key = "k", ChecksumMode = ChecksumMode.ENABLED });

        Assert.Null(head.ChecksumCRC32 ?? head.ChecksumCRC32C ?? head.ChecksumCRC64NVME ?? head.ChecksumSHA1 ?? head.ChecksumSHA256);
    }
}
