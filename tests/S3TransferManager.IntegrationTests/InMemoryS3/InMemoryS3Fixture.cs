using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>One in-process endpoint per test class; each test works in a bucket of its own.</summary>
public sealed class InMemoryS3Fixture : IAsyncLifetime
{
    private InMemoryS3Server? _server;

    public InMemoryS3Server Server => _server ?? throw new InvalidOperationException("The fixture has not started.");

    public async Task InitializeAsync() => _server = await InMemoryS3Server.StartAsync();

    public async Task DisposeAsync()
    {
        if (_server is not null)
        {
            await _server.DisposeAsync();
        }
    }

    public AmazonS3Client CreateClient() => CreateClient(Server.ServiceUrl);

    public static AmazonS3Client CreateClient(Uri serviceUrl) => new(
        new BasicAWSCredentials("test", "test"),
        new AmazonS3Config { ServiceURL = serviceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1" });

    public HttpClient CreateHttpClient() => new() { BaseAddress = Server.ServiceUrl };

    /// <summary>Creates an empty bucket with a unique name.</summary>
    public string CreateBucket()
    {
        string bucket = "bucket-" + Guid.NewGuid().ToString("N");
        Server.CreateBucket(bucket);
        return bucket;
    }
}
