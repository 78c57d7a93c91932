using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>
/// File uploads over TLS, against the in-memory endpoint serving HTTPS with its run-time certificate (trusted by the
/// client by its bytes): parts go unsigned with the library's CRC32 header, as the other AWS SDKs send over TLS.
/// </summary>
public sealed class UploadHttpsTests : IAsyncLifetime
{
    private const int MiB = 1024 * 1024;
    private const string Bucket = "bucket";

    private InMemoryS3Server _server = null!;
    private string _folder = null!;

    public async Task InitializeAsync()
    {
        _server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { UseHttps = true });
        _server.CreateBucket(Bucket);
        _folder = Directory.CreateTempSubdirectory("s3tm-https-").FullName;
    }

    public async Task DisposeAsync()
    {
        await _server.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Fact]
    public async Task UploadWithResponseAsync_MultipartFileOverHttps_StoresByteExactObject()
    {
        byte[] content = TestData.Payload((17 * MiB) + 7);
        using var recorder = new PayloadHashRecorder(_server.CreateClientHandler());
        using AmazonS3Client client = CreateClient(recorder);
        using var utility = new TransferUtility(client);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(await RequestAsync(content));

        Assert.Equal(3, response.PartCount);
        Assert.Equal(content, _server.GetObjectContent(Bucket, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_MultipartFileOverHttps_SendsPartsUnsignedWithCrc32()
    {
        byte[] content = TestData.Payload((17 * MiB) + 7);
        using var recorder = new PayloadHashRecorder(_server.CreateClientHandler());
        using AmazonS3Client client = CreateClient(recorder);
        using var utility = new TransferUtility(client);

        await utility.UploadWithResponseAsync(await RequestAsync(content));

        Assert.Equal(3, recorder.Parts.Count);
        Assert.All(recorder.Parts, part => Assert.Equal("UNSIGNED-PAYLOAD", part.PayloadHash));
        Assert.All(recorder.Parts, part => Assert.False(string.IsNullOrEmpty(part.Crc32)));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NoChecksumOverHttps_StoresByteExactObject()
    {
        // Without the library's checksum the SDK (checksums when supported, its default) adds its own as a trailer
        // to the unsigned body: aws-chunked with UNSIGNED-PAYLOAD.
        byte[] content = TestData.Payload((17 * MiB) + 7);
        using var recorder = new PayloadHashRecorder(_server.CreateClientHandler());
        using AmazonS3Client client = CreateClient(recorder);
        using var utility = new TransferUtility(client);
        TransferUtilityUploadRequest request = await RequestAsync(content);
        request.DisableDefaultChecksumValidation = true;

        await utility.UploadWithResponseAsync(request);

        Assert.Equal(content, _server.GetObjectContent(Bucket, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_SigningAskedForOverHttps_SignsEveryChunk()
    {
        byte[] content = TestData.Payload((17 * MiB) + 7);
        using var recorder = new PayloadHashRecorder(_server.CreateClientHandler());
        using AmazonS3Client client = CreateClient(recorder);
        using var utility = new TransferUtility(client);
        TransferUtilityUploadRequest request = await RequestAsync(content);
        request.DisablePayloadSigning = false;

        await utility.UploadWithResponseAsync(request);

        Assert.Equal(3, recorder.Parts.Count);
        Assert.All(recorder.Parts, part => Assert.Equal("STREAMING-AWS4-HMAC-SHA256-PAYLOAD", part.PayloadHash));
    }

    private async Task<TransferUtilityUploadRequest> RequestAsync(byte[] content)
    {
        string path = Path.Combine(_folder, "f.bin");
        await File.WriteAllBytesAsync(path, content);
        return new TransferUtilityUploadRequest { BucketName = Bucket, Key = "k", FilePath = path, PartSize = 8 * MiB };
    }

    private AmazonS3Client CreateClient(PayloadHashRecorder recorder) => new(
        new BasicAWSCredentials("test", "test"),
        new AmazonS3Config
        {
            ServiceURL = _server.ServiceUrl.ToString(),
            ForcePathStyle = true,
            AuthenticationRegion = "us-east-1",
            HttpClientFactory = new HandlerClientFactory(recorder),
        });
}
