using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.InMemoryS3;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>
/// Downloads from an endpoint that stores a CRC32 where it computes a CRC32C (moto without its crc32c extra): a correct
/// object is reported as not validated, naming the substitution, never as a mismatch; and where the type is stated, a
/// flipped byte, which matches neither algorithm, is still a mismatch.
/// </summary>
public sealed class WrongAlgorithmDownloadTests(MotoWithoutCrc32CInMemoryS3Fixture fixture) : IClassFixture<MotoWithoutCrc32CInMemoryS3Fixture>
{
    private const int MiB = 1024 * 1024;
    private const int UploadPartSize = 5 * MiB;
    private const string Substitution = "the server stored a CRC32 under the CRC32C name";

    [Theory]
    [InlineData("file")]
    [InlineData("stream")]
    public async Task Download_OwnCrc32CMultipartUpload_SucceedsNamingTheSubstitution(string surface)
    {
        (string bucket, byte[] content) = await UploadOwnAsync(seed: 81);
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client);

        (byte[] received, ChecksumValidationResult validation) = await DownloadAsync(utility, bucket, surface);

        Assert.Equal(content, received);
        Assert.False(validation.Validated);
        Assert.Contains($"is the full-object CRC32 of the bytes received: {Substitution}", validation.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_OwnCrc32CMultipartUploadAndAFlippedByte_ThrowsChecksumMismatch()
    {
        (string bucket, _) = await UploadOwnAsync(seed: 82);
        var handler = new RecordingHandler { FaultRule = r => r.IsGet && r.Range?.StartsWith("bytes=0-", StringComparison.Ordinal) == true ? new Fault.FlipByte(12) : null };
        using AmazonS3Client client = S3TestContext.CreateClient(fixture.Server.ServiceUrl, new RecordingHttpClientFactory(handler));
        using var utility = S3TestContext.CreateRangedUtility(client);
        string path = Path.Combine(Path.GetTempPath(), "wrong-algorithm-" + Guid.NewGuid().ToString("N"));

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path }));

        Assert.Equal("CRC32C", error.Algorithm);
        Assert.False(File.Exists(path));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_SdkStyleCompositeCrc32C_SucceedsNamingTheSubstitutionAndTheReading()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * UploadPartSize) + 99, seed: 83);
        using AmazonS3Client client = fixture.CreateClient();
        await CompositeUpload.RunAsync(client, bucket, "k", content, UploadPartSize, algorithm: ChecksumAlgorithm.CRC32C);
        using var utility = new TransferUtility(client);

        (byte[] received, ChecksumValidationResult validation) = await DownloadAsync(utility, bucket, "file");

        Assert.Equal(content, received);
        Assert.Contains($"is the composite CRC32 over parts of 5 MiB of the bytes received: {Substitution}", validation.NotValidatedReason,
            StringComparison.Ordinal);
    }

    /// <summary>The README's upload: the library's CRC32C multipart upload, stored as FULL_OBJECT.</summary>
    private async Task<(string Bucket, byte[] Content)> UploadOwnAsync(int seed)
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * UploadPartSize) + 5, seed);
        using AmazonS3Client client = fixture.CreateClient();
        using var uploader = new TransferUtility(client, new TransferUtilityConfig { MinSizeBeforePartUpload = UploadPartSize });
        await uploader.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), PartSize = UploadPartSize, ChecksumAlgorithm = ChecksumAlgorithm.CRC32C,
        });
        return (bucket, content);
    }

    private static async Task<(byte[] Received, ChecksumValidationResult Validation)> DownloadAsync(TransferUtility utility, string bucket, string surface)
    {
        if (surface == "stream")
        {
            await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
                new TransferUtilityOpenStreamRequest { BucketName = bucket, Key = "k" });
            byte[] read = await StreamReading.ReadAllAsync(open.ResponseStream, "65536");
            return (read, open.ChecksumValidation!);
        }

        string path = Path.Combine(Path.GetTempPath(), "wrong-algorithm-" + Guid.NewGuid().ToString("N"));
        try
        {
            TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
                new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path });
            return (await File.ReadAllBytesAsync(path), response.ChecksumValidation!);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
