using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>
/// One test's bucket and folder on the real server: <see cref="Client"/> is set up as README.md tells a user of an
/// S3-compatible server (ServiceURL, ForcePathStyle, AuthenticationRegion, the SDK's defaults otherwise) and records its
/// requests; <see cref="SetupClient"/> puts and reads objects for the checks with the SDK's checksums off, so that a
/// server's habits with them cannot decide a test about the library, and sends whole bodies (no aws-chunked framing,
/// which s3rver would store inside the object and Swift's s3api refuses).
/// </summary>
internal sealed class RealServerContext : IAsyncDisposable
{
    public const int MiB = 1024 * 1024;

    private RealServerContext(RealServerEndpoint server)
    {
        Server = server;
        Handler = new RecordingHandler();
        Client = CreateClient(server, new RecordingHttpClientFactory(Handler), checksumsWhenRequired: false);
        SetupClient = CreateClient(server, httpClientFactory: null, checksumsWhenRequired: true);
        BucketName = "s3tm-" + Guid.NewGuid().ToString("N")[..20];
        Folder = Directory.CreateTempSubdirectory("s3tm-real-").FullName;
    }

    public RealServerEndpoint Server { get; }

    public RecordingHandler Handler { get; }

    public AmazonS3Client Client { get; }

    public AmazonS3Client SetupClient { get; }

    public string BucketName { get; }

    public string Folder { get; }

    public static async Task<RealServerContext> CreateAsync()
    {
        var context = new RealServerContext(RealServerEndpoint.Current
            ?? throw new InvalidOperationException("No real server: RealServerFact skips these tests then."));
        await context.SetupClient.PutBucketAsync(context.BucketName);
        return context;
    }

    public string PathFor(string name) => Path.Combine(Folder, name);

    public async Task PutAsync(string key, byte[] content)
    {
        using var body = new MemoryStream(content, writable: false);
        await SetupClient.PutObjectAsync(new PutObjectRequest
        {
            BucketName = BucketName, Key = key, InputStream = body, ContentType = "application/octet-stream", UseChunkEncoding = false,
        });
    }

    /// <summary>Stores <paramref name="content"/> in parts of <paramref name="partSize"/> through the SDK's own calls.</summary>
    public async Task PutMultipartAsync(string key, byte[] content, int partSize)
    {
        InitiateMultipartUploadResponse initiate = await SetupClient.InitiateMultipartUploadAsync(
            new InitiateMultipartUploadRequest { BucketName = BucketName, Key = key, ContentType = "application/octet-stream" });
        var parts = new List<PartETag>();
        for (int offset = 0, number = 1; offset < content.Length; offset += partSize, number++)
        {
            using var body = new MemoryStream(content, offset, Math.Min(partSize, content.Length - offset), writable: false);
            UploadPartResponse part = await SetupClient.UploadPartAsync(new UploadPartRequest
            {
                BucketName = BucketName, Key = key, UploadId = initiate.UploadId, PartNumber = number, InputStream = body, UseChunkEncoding = false,
            });
            parts.Add(new PartETag(number, part.ETag));
        }

        await SetupClient.CompleteMultipartUploadAsync(new CompleteMultipartUploadRequest
        {
            BucketName = BucketName, Key = key, UploadId = initiate.UploadId, PartETags = parts,
        });
    }

    public async Task<byte[]> ReadAsync(string key)
    {
        using GetObjectResponse response = await SetupClient.GetObjectAsync(BucketName, key);
        using var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);
        return copy.ToArray();
    }

    public async Task<List<string>> ListKeysAsync(string prefix = "")
    {
        var keys = new List<string>();
        var request = new ListObjectsV2Request { BucketName = BucketName, Prefix = prefix };
        ListObjectsV2Response page;
        do
        {
            page = await SetupClient.ListObjectsV2Async(request);
            keys.AddRange((page.S3Objects ?? []).Select(o => o.Key));
            request.ContinuationToken = page.NextContinuationToken;
        }
        while (page.IsTruncated == true);

        keys.Sort(StringComparer.Ordinal);
        return keys;
    }

    /// <summary>No multipart upload is left open; not checked on a server without ListMultipartUploads (s3rver 3.7
    /// answers it 501 NotImplemented).</summary>
    public async Task AssertNoOpenUploadsAsync()
    {
        try
        {
            ListMultipartUploadsResponse open = await SetupClient.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = BucketName });
            Assert.Empty(open.MultipartUploads ?? []);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == System.Net.HttpStatusCode.NotImplemented)
        {
        }
    }

    public ValueTask DisposeAsync()
    {
        Client.Dispose();
        SetupClient.Dispose();
        Handler.Dispose();
        Directory.Delete(Folder, recursive: true);
        return ValueTask.CompletedTask;
    }

    private static AmazonS3Client CreateClient(RealServerEndpoint server, HttpClientFactory? httpClientFactory, bool checksumsWhenRequired)
    {
        var config = new AmazonS3Config { ServiceURL = server.ServiceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1" };
        if (checksumsWhenRequired)
        {
            config.RequestChecksumCalculation = RequestChecksumCalculation.WHEN_REQUIRED;
            config.ResponseChecksumValidation = ResponseChecksumValidation.WHEN_REQUIRED;
        }

        if (httpClientFactory is not null)
        {
            config.HttpClientFactory = httpClientFactory;
        }

        return new AmazonS3Client(new BasicAWSCredentials(server.AccessKey, server.SecretKey), config);
    }
}
