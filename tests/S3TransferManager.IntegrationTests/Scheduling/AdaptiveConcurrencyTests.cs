using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Scheduling;

/// <summary>
/// Adaptive concurrency against an endpoint that answers 503 SlowDown above 4 requests in flight: transfers complete
/// with the right bytes, and the requests the client opens never exceed the ceiling, whatever the tuning does.
/// </summary>
public sealed class AdaptiveConcurrencyTests : IAsyncLifetime
{
    private const int Ceiling = 8;
    private const int PartSize = 1024 * 1024;

    private readonly RecordingHandler _handler = new();
    private InMemoryS3Server _server = null!;
    private AmazonS3Client _client = null!;
    private string _folder = null!;

    public async Task InitializeAsync()
    {
        _server = await InMemoryS3Server.StartAsync(new InMemoryS3Options
        {
            Profile = InMemoryS3Profile.S3Like,
            FirstByteDelay = TimeSpan.FromMilliseconds(5),
            BandwidthBytesPerSecond = 40_000_000,
            SlowDownAboveConcurrentRequests = 4,
        });

        // The SDK retries 503 SlowDown itself; enough attempts that a request turned away while the tuning backs off
        // is not a failed transfer.
        _client = S3TestContext.CreateClient(_server.ServiceUrl, new RecordingHttpClientFactory(_handler), config => config.MaxErrorRetry = 10);
        _folder = Directory.CreateTempSubdirectory("s3tm-adaptive-").FullName;
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _server.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ThrottlingEndpoint_CompletesWithinTheCeiling()
    {
        byte[] content = TestData.Payload(24 * PartSize);
        _server.PutMultipartObject("b", "big", content, PartSize);
        using var utility = new TransferUtility(_client, new TransferUtilityConfig { MaxConcurrentServiceRequests = Ceiling });
        string path = Path.Combine(_folder, "big");

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = "b", Key = "big", FilePath = path, PartSize = PartSize,
        }).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        Assert.InRange(_handler.MaxInFlight, 1, Ceiling);
        Assert.True(_server.SlowDownResponses > 0, "the endpoint never throttled: the test did not exercise the back-off");
    }

    [Fact]
    public async Task DownloadDirectoryAsync_ThrottlingEndpoint_DownloadsEveryObjectWithinTheCeiling()
    {
        for (int i = 0; i < 120; i++)
        {
            _server.PutObject("b", $"dir/small-{i:D3}", TestData.Payload(1024, seed: i));
        }

        using var utility = new TransferUtility(_client, new TransferUtilityConfig { MaxConcurrentServiceRequests = Ceiling });
        string copy = Path.Combine(_folder, "copy");

        await utility.DownloadDirectoryAsync("b", "dir", copy).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(120, Directory.GetFiles(copy).Length);
        Assert.Equal(TestData.Sha256(TestData.Payload(1024, seed: 77)), TestData.Sha256OfFile(Path.Combine(copy, "small-077")));
        Assert.InRange(_handler.MaxInFlight, 1, Ceiling);
    }

    [Fact]
    public async Task UploadAsync_ThrottlingEndpoint_StoresTheFileWithinTheCeiling()
    {
        byte[] content = TestData.Payload(30 * 1024 * 1024, seed: 3);
        string path = Path.Combine(_folder, "upload");
        await File.WriteAllBytesAsync(path, content);
        _server.CreateBucket("b");
        using var utility = new TransferUtility(_client, new TransferUtilityConfig { MaxConcurrentServiceRequests = Ceiling });

        await utility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = "b", Key = "up", FilePath = path, PartSize = 5 * 1024 * 1024,
        }).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(_server.GetObjectContent("b", "up")!));
        Assert.InRange(_handler.MaxInFlight, 1, Ceiling);
    }
}
