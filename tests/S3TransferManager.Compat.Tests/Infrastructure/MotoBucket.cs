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

    /// <summary>Uploads <paramref name="content"/> in parts of 5 MiB with CRC32 part checksums and a composite object
    /// checksum, through the SDK's own multipart API, as other S3 clients write such objects.</summary>
    public async Task PutCompositeAsync(string key, byte[] content)
    {
        const int PartSize = 5 * 1024 * 1024;
        InitiateMultipartUploadResponse upload = await Client.InitiateMultipartUploadAsync(new InitiateMultipartUploadRequest
        {
            BucketName = Name, Key = key, ChecksumAlgorithm = ChecksumAlgorithm.CRC32, ChecksumType = ChecksumType.COMPOSITE,
            ContentType = "application/octet-stream",
        });
        var parts = new List<PartETag>();
        for (int part = 1, offset = 0; offset < content.Length; part++, offset += PartSize)
        {
            UploadPartResponse sent = await Client.UploadPartAsync(new UploadPartRequest
            {
                BucketName = Name, Key = key, UploadId = upload.UploadId, PartNumber = part,
                InputStream = new MemoryStream(content, offset, Math.Min(PartSize, content.Length - offset)), ChecksumAlgorithm = ChecksumAlgorithm.CRC32,
            });
            parts.Add(new PartETag { PartNumber = part, ETag = sent.ETag, ChecksumCRC32 = sent.ChecksumCRC32 });
        }

        await Client.CompleteMultipartUploadAsync(new CompleteMultipartUploadRequest
        {
            BucketName = Name, Key = key, UploadId = upload.UploadId, PartETags = parts, ChecksumType = ChecksumType.COMPOSITE,
        });
    }

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
