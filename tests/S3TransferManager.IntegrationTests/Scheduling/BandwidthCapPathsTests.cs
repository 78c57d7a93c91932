using Amazon.S3;
using S3TransferManager.IntegrationTests.InMemoryS3;

namespace S3TransferManager.IntegrationTests.Scheduling;

/// <summary>
/// Every body path under <see cref="TransferUtilityConfig.MaxBytesPerSecond"/> still moves the right bytes: a single
/// PutObject of a file and of a stream left mid-way (the SDK signs over plain HTTP, so it reads the capped body twice),
/// a multipart upload, and a download to a file. The cap (64 MB/s) is far above what these few MB need, so they are
/// quick; how well the cap holds is measured by <see cref="BandwidthCapTests"/>.
/// </summary>
public sealed class BandwidthCapPathsTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>, IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-cap-").FullName;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(300_000)]
    [InlineData(17 * 1024 * 1024)]
    public async Task UploadAndDownload_UnderACap_ByteExact(int size)
    {
        string bucket = fixture.CreateBucket();
        byte[] content = TestData.Bytes(size, seed: size % 13);
        string file = Path.Combine(_folder, "up.bin");
        await File.WriteAllBytesAsync(file, content);
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client, new TransferUtilityConfig { MaxBytesPerSecond = 64_000_000 });

        await utility.UploadAsync(file, bucket, "file.bin");
        string downloaded = Path.Combine(_folder, "down.bin");
        await utility.DownloadAsync(new TransferUtilityDownloadRequest { BucketName = bucket, Key = "file.bin", FilePath = downloaded });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(fixture.Server.GetObjectContent(bucket, "file.bin")!));
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(downloaded));
    }

    [Fact]
    public async Task UploadAsync_SeekableStreamLeftMidWayUnderACap_StoresTheRestExactly()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = TestData.Bytes(500_000, seed: 8);
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client, new TransferUtilityConfig { MaxBytesPerSecond = 64_000_000 });
        var stream = new MemoryStream(content) { Position = 100_000 };

        await utility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket, Key = "rest.bin", InputStream = stream, AutoResetStreamPosition = false,
        });

        Assert.Equal(TestData.Sha256(content.AsSpan(100_000)), TestData.Sha256(fixture.Server.GetObjectContent(bucket, "rest.bin")!));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
