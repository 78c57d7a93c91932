using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// One test's view of moto: its own bucket, a client whose every request is recorded (and can be faulted), a plain
/// client for setup that bypasses the recorder, and a scratch folder that is deleted afterwards.
/// </summary>
public sealed class S3TestContext : IAsyncDisposable
{
    private S3TestContext(MotoServer server, string bucket)
    {
        Handler = new RecordingHandler();
        Client = CreateClient(server.ServiceUrl, new RecordingHttpClientFactory(Handler));
        SetupClient = CreateClient(server.ServiceUrl, httpClientFactory: null, SdkChecksumsOff);
        BucketName = bucket;
        Folder = Directory.CreateTempSubdirectory("s3tm-test-").FullName;
    }

    public RecordingHandler Handler { get; }

    /// <summary>The client the library under test uses.</summary>
    public AmazonS3Client Client { get; }

    /// <summary>A client for putting and checking objects, invisible to <see cref="Handler"/>.</summary>
    public AmazonS3Client SetupClient { get; }

    public string BucketName { get; }

    public string Folder { get; }

    public static async Task<S3TestContext> CreateAsync(MotoServer server)
    {
        var context = new S3TestContext(server, "t-" + Guid.NewGuid().ToString("N")[..20]);
        await context.SetupClient.PutBucketAsync(context.BucketName);
        return context;
    }

    /// <summary>A client for moto (or a proxy in front of it) at <paramref name="serviceUrl"/>, at the SDK's checksum
    /// defaults as a user's client is; <paramref name="configure"/> may change the settings further (retries, say).</summary>
    /// <summary>A setup client's settings: no checksums of the SDK's own (moto does not check them; tests that care
    /// compute their own). Not for the library's client, which follows them (it would send and validate none).</summary>
    public static void SdkChecksumsOff(AmazonS3Config config)
    {
        config.RequestChecksumCalculation = RequestChecksumCalculation.WHEN_REQUIRED;
        config.ResponseChecksumValidation = ResponseChecksumValidation.WHEN_REQUIRED;
    }

    public static AmazonS3Client CreateClient(Uri serviceUrl, HttpClientFactory? httpClientFactory, Action<AmazonS3Config>? configure = null)
    {
        var config = new AmazonS3Config
        {
            ServiceURL = serviceUrl.ToString(),
            ForcePathStyle = true,
            AuthenticationRegion = "us-east-1",
        };
        if (httpClientFactory is not null)
        {
            config.HttpClientFactory = httpClientFactory;
        }

        configure?.Invoke(config);
        return new AmazonS3Client(new BasicAWSCredentials("test", "test"), config);
    }

    public TransferUtility CreateUtility(TransferUtilityConfig? config = null) => new(Client, config);

    /// <summary>A utility whose downloads open with a ranged GET of PartSize bytes rather than a GET of part 1 by
    /// number. moto answers part 1 by number with the whole object, which a download then reads in one request; a test
    /// about the parts of a download (their requests, their faults, their resumes) opens with a range, so that it has
    /// parts to look at.</summary>
    public TransferUtility CreateRangedUtility(TransferUtilityConfig? config = null) => CreateRangedUtility(Client, config);

    /// <inheritdoc cref="CreateRangedUtility(TransferUtilityConfig?)"/>
    internal static TransferUtility CreateRangedUtility(IAmazonS3 client, TransferUtilityConfig? config = null, EngineTuning? tuning = null) =>
        new(client, config, null, (tuning ?? EngineTuning.Default) with { OpenByPartNumber = false });

    public string PathFor(string name) => Path.Combine(Folder, name);

    /// <summary>Puts an object through the setup client (with a content type: moto stores form-encoded PUTs empty).</summary>
    public async Task<string> PutAsync(string key, byte[] content, string contentType = "application/octet-stream")
    {
        using var body = new MemoryStream(content, writable: false);
        PutObjectResponse response = await SetupClient.PutObjectAsync(new PutObjectRequest
        {
            BucketName = BucketName,
            Key = key,
            InputStream = body,
            ContentType = contentType,
        });
        return response.ETag;
    }

    public ValueTask DisposeAsync()
    {
        Client.Dispose();
        SetupClient.Dispose();
        Handler.Dispose();
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
