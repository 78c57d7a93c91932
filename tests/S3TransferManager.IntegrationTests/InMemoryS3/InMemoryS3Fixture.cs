using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>One in-process endpoint per test class; each test works in a bucket of its own.</summary>
public class InMemoryS3Fixture : IAsyncLifetime
{
    private readonly InMemoryS3Options? _options;
    private InMemoryS3Server? _server;

    public InMemoryS3Fixture()
        : this(options: null)
    {
    }

    /// <summary>An endpoint with these settings (the defaults when null).</summary>
    protected InMemoryS3Fixture(InMemoryS3Options? options) => _options = options;

    public InMemoryS3Server Server => _server ?? throw new InvalidOperationException("The fixture has not started.");

    public async Task InitializeAsync() => _server = await InMemoryS3Server.StartAsync(_options);

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

/// <summary>An endpoint that describes checksums as moto 5.x does with its crc32c extra: composite values bare in HEADs,
/// no parts in GetObjectAttributes.</summary>
public sealed class MotoStyleInMemoryS3Fixture() : InMemoryS3Fixture(new InMemoryS3Options { ChecksumStyle = InMemoryS3ChecksumStyle.Moto });

/// <summary>As <see cref="MotoStyleInMemoryS3Fixture"/>, and storing a CRC32 where it computes a CRC32C, as moto does
/// without its crc32c extra.</summary>
public sealed class MotoWithoutCrc32CInMemoryS3Fixture() : InMemoryS3Fixture(new InMemoryS3Options { ChecksumStyle = InMemoryS3ChecksumStyle.MotoWithoutCrc32C });
