using Amazon.S3;
using S3TransferManager.IntegrationTests.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>
/// Objects with a composite checksum, uploaded the way the AWS SDKs do (5 MiB parts, each with its CRC32; S3 stores
/// the checksum of the checksums), downloaded in our 8 MiB parts: every stored part is checked though no part of ours
/// lines up with one. Against the in-memory endpoint, which lists stored parts in GetObjectAttributes (moto does not).
/// </summary>
public sealed class CompositeChecksumDownloadTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private const int MiB = 1024 * 1024;
    private const int StoredPartSize = 5 * MiB;

    [Fact]
    public async Task DownloadWithResponseAsync_CompositeCrc32InOtherPartSizes_ValidatesEveryStoredPart()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * StoredPartSize) + 4321, seed: 31);
        using AmazonS3Client client = fixture.CreateClient();
        string composite = await CompositeUpload.RunAsync(client, bucket, "k", content, StoredPartSize);
        using var utility = new TransferUtility(client);
        string path = TempPath();
        try
        {
            TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
                new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path });

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
            ChecksumValidationResult validation = response.ChecksumValidation!;
            Assert.True(validation.Validated, validation.NotValidatedReason);
            Assert.Equal((ChecksumAlgorithm.CRC32, ChecksumType.COMPOSITE, composite), (validation.Algorithm, validation.ChecksumType, validation.Checksum));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task OpenStream_CompositeCrc32InOtherPartSizes_ValidatesOnTheLastRead()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((4 * StoredPartSize) + 17, seed: 32);
        using AmazonS3Client client = fixture.CreateClient();
        await CompositeUpload.RunAsync(client, bucket, "k", content, StoredPartSize);
        using var utility = new TransferUtility(client);

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = bucket, Key = "k", PartSize = 3 * MiB });
        using var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);

        Assert.Equal(content, copy.ToArray());
        Assert.True(response.ChecksumValidation!.Validated, response.ChecksumValidation.NotValidatedReason);
        Assert.Equal(ChecksumType.COMPOSITE, response.ChecksumValidation.ChecksumType);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_StoredPartWhoseBytesDoNotMatchItsChecksum_ThrowsNamingThatPart()
    {
        // The uploader sent part 2 with the checksum of other bytes, and the endpoint (like moto) did not check it: the
        // download must catch the difference in stored part 2, which straddles our parts 1 and 2.
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * StoredPartSize) + 4321, seed: 33);
        using AmazonS3Client client = fixture.CreateClient();
        await CompositeUpload.RunAsync(client, bucket, "k", content, StoredPartSize, corruptPart: 2);
        using var utility = new TransferUtility(client);
        string path = TempPath();

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path }));

        Assert.Equal(("CRC32", 2), (error.Algorithm, error.PartNumber));
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content.AsSpan(StoredPartSize, StoredPartSize)), error.Actual);
        Assert.False(File.Exists(path));
    }

    private static string TempPath() => Path.Combine(Path.GetTempPath(), "composite-" + Guid.NewGuid().ToString("N"));
}
