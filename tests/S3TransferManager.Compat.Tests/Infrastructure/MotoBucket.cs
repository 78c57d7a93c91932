using Amazon.Runtime;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace CompatScenarios.Infrastructure;

/// <summary>One scenario's bucket on moto, a client for it, and a scratch folder deleted afterwards. Written against
/// IAmazonS3 only, so it compiles the same against either TransferUtility.</summary>
public sealed class MotoBucket : IAsyncDisposable
{
    private MotoBucket(MotoServer server)
    {
        Client = new AmazonS3Client(new BasicAWSCredentials("test", "test"), new AmazonS3Config
        {
            ServiceURL = server.ServiceUrl.ToString(),
            ForcePathStyle = true,
            AuthenticationRegion = "us-east-1",
            // moto does not check checksums; both libraries are given the same client settings.
            RequestChecksumCalculation = RequestChecksumCalculation.WHEN_REQUIRED,
            ResponseChecksumValidation = ResponseChecksumValidation.WHEN_REQUIRED,
        });
        Name = "c-" + Guid.NewGuid().ToString("N")[..20];
        Folder = Directory.CreateTempSubdirectory("s3tm-compat-").FullName;
    }

    public AmazonS3Client Client { get; }

    public string Name { get; }

    public string Folder { get; }

    public static async Task<MotoBucket> CreateAsync(MotoServer server)
    {
        var bucket = new MotoBucket(server);
        await bucket.Client.PutBucketAsync(bucket.Name);
        return bucket;
    }

    public string PathFor(string name) => Path.Combine(Folder, name);

    public async Task<GetObjectMetadataResponse> HeadAsync(string key) => await Client.GetObjectMetadataAsync(Name, key);

    public ValueTask DisposeAsync()
    {
        Client.Dispose();
        try
        {
            Directory.Delete(Folder, recursive: true);
        }
        catch (IOException)
        {
            // A scratch folder under /tmp; a leftover does not affect other tests.
        }

        return ValueTask.CompletedTask;
    }
}
