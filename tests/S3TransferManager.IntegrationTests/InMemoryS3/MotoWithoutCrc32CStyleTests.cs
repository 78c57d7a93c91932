using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary><see cref="InMemoryS3ChecksumStyle.MotoWithoutCrc32C"/>: the CRC32C values the endpoint computes itself at
/// CompleteMultipartUpload are CRC32s, as moto's are without its crc32c extra; a PutObject keeps the client's value.</summary>
public sealed class MotoWithoutCrc32CStyleTests(MotoWithoutCrc32CInMemoryS3Fixture fixture) : IClassFixture<MotoWithoutCrc32CInMemoryS3Fixture>
{
    private const int PartSize = 5 * 1024 * 1024;

    [Fact]
    public async Task CompleteMultipartUpload_CompositeCrc32C_StoresTheCrc32CompositeUnderTheCrc32CName()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 10, seed: 61);
        using AmazonS3Client client = fixture.CreateClient();

        string stored = await CompositeUpload.RunAsync(client, bucket, "k", content, PartSize, algorithm: ChecksumAlgorithm.CRC32C);

        Assert.Equal(IndependentChecksums.Composite(ChecksumAlgorithm.CRC32, content, PartSize)[..^2], stored);
    }

    [Fact]
    public async Task CompleteMultipartUpload_FullObjectCrc32C_StoresTheWholeObjectsCrc32WithTheType()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * PartSize) + 10, seed: 62);
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client, new TransferUtilityConfig { MinSizeBeforePartUpload = PartSize });
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), PartSize = PartSize, ChecksumAlgorithm = ChecksumAlgorithm.CRC32C,
        });

        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = bucket, Key = "k", ChecksumMode = ChecksumMode.ENABLED });

        Assert.Equal((IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content), ChecksumType.FULL_OBJECT), (head.ChecksumCRC32C, head.ChecksumType));
    }

    [Fact]
    public async Task PutObject_Crc32CValue_KeepsTheClientsValue()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create(100_000, seed: 63);
        using AmazonS3Client client = fixture.CreateClient();
        string crc32C = IndependentChecksums.Base64(ChecksumAlgorithm.CRC32C, content);
        await client.PutObjectAsync(new PutObjectRequest
        {
            BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), ChecksumAlgorithm = ChecksumAlgorithm.CRC32C, ChecksumCRC32C = crc32C,
        });

        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = bucket, Key = "k", ChecksumMode = ChecksumMode.ENABLED });

        Assert.Equal(crc32C, head.ChecksumCRC32C);
    }

    [Fact]
    public async Task StartAsync_OutOfProcessInThisStyle_PassesTheStyleOnTheCommandLine()
    {
        await using InMemoryS3Process process = await InMemoryS3Process.StartAsync(new InMemoryS3Options { ChecksumStyle = InMemoryS3ChecksumStyle.MotoWithoutCrc32C });
        byte[] content = InMemoryS3Content.Create(PartSize + 10, seed: 64);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(process.ServiceUrl);
        await client.PutBucketAsync("bucket");

        string stored = await CompositeUpload.RunAsync(client, "bucket", "k", content, PartSize, algorithm: ChecksumAlgorithm.CRC32C);

        Assert.Equal(IndependentChecksums.Composite(ChecksumAlgorithm.CRC32, content, PartSize)[..^2], stored);
    }
}
