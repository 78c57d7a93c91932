using Amazon.S3;
using Amazon.S3.Transfer;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>
/// The AWS SDK's own TransferUtility is the benchmarks' baseline: it must work against the endpoint unchanged.
/// Its multipart downloads (by partNumber) are behind DownloadWithResponseAsync/OpenStreamWithResponseAsync; the
/// older DownloadAsync/OpenStreamAsync make one plain GET.
/// </summary>
public sealed class SdkTransferUtilityTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private const int PartSize = 5 * 1024 * 1024;

    [Fact]
    public async Task DownloadWithResponseAsync_MultipartObject_WritesByteExactFile()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * PartSize) + 4321, seed: 11);
        fixture.Server.PutMultipartObject(bucket, "k", content, PartSize);
        using AmazonS3Client client = fixture.CreateClient();
        using var transferUtility = new Amazon.S3.Transfer.TransferUtility(client);
        string path = Path.Combine(Path.GetTempPath(), Guid.NewGuid().ToString("N"));
        try
        {
            await transferUtility.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path });

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task DownloadWithResponseAsync_SinglePartObject_WritesByteExactFile()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create(PartSize + 3, seed: 16);
        fixture.Server.PutObject(bucket, "k", content);
        using AmazonS3Client client = fixture.CreateClient();
        using var transferUtility = new Amazon.S3.Transfer.TransferUtility(client);
        string path = Path.Combine(Path.GetTempPath(), Guid.NewGuid().ToString("N"));
        try
        {
            await transferUtility.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path });

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task DownloadWithResponseAsync_MultipartObject_FetchesByPartNumber()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync();
        server.PutMultipartObject("bucket", "k", InMemoryS3Content.Create((3 * PartSize) + 1, seed: 13), PartSize);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);
        using var transferUtility = new Amazon.S3.Transfer.TransferUtility(client);
        string path = Path.Combine(Path.GetTempPath(), Guid.NewGuid().ToString("N"));
        try
        {
            await transferUtility.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest { BucketName = "bucket", Key = "k", FilePath = path });

            Assert.Equal(4, server.GetRequestCount(S3Operation.GetObjectPart));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_MultipartObject_ReadsByteExact()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * PartSize) + 99, seed: 15);
        fixture.Server.PutMultipartObject(bucket, "k", content, PartSize);
        using AmazonS3Client client = fixture.CreateClient();
        using var transferUtility = new Amazon.S3.Transfer.TransferUtility(client);

        using Amazon.S3.Transfer.TransferUtilityOpenStreamResponse response = await transferUtility.OpenStreamWithResponseAsync(
            new Amazon.S3.Transfer.TransferUtilityOpenStreamRequest { BucketName = bucket, Key = "k" });
        using var buffer = new MemoryStream();
        await response.ResponseStream.CopyToAsync(buffer);

        Assert.Equal(content, buffer.ToArray());
    }

    [Fact]
    public async Task UploadAsync_StreamAboveThreshold_StoresByteExactObject()
    {
        string bucket = fixture.CreateBucket();
        // Above the SDK's 16 MiB multipart threshold, so this goes through Create/UploadPart/Complete.
        byte[] content = InMemoryS3Content.Create((4 * PartSize) + 1234, seed: 12);
        using AmazonS3Client client = fixture.CreateClient();
        using var transferUtility = new Amazon.S3.Transfer.TransferUtility(client);

        await transferUtility.UploadAsync(new Amazon.S3.Transfer.TransferUtilityUploadRequest
        {
            BucketName = bucket,
            Key = "k",
            InputStream = new MemoryStream(content),
            PartSize = PartSize,
            ContentType = "application/octet-stream",
        });

        Assert.Equal(content, fixture.Server.GetObjectContent(bucket, "k"));
    }
}
