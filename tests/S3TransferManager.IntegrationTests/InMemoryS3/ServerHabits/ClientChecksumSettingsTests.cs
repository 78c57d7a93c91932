using System.Collections.Concurrent;
using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary>The client's <c>RequestChecksumCalculation</c> and <c>ResponseChecksumValidation = WHEN_REQUIRED</c> are
/// honoured: a handler under the client sees no checksum header on any request the library sends, unless the request's
/// own <c>ChecksumAlgorithm</c> or <c>ChecksumMode</c> asks for one.</summary>
public sealed class ClientChecksumSettingsTests : IDisposable
{
    private const int PartSize = 5 * 1024 * 1024;
    private readonly string _folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
    private readonly ChecksumHeaders _headers = new();

    [Fact]
    public async Task EveryTransferKind_ClientWithChecksumsWhenRequired_SendsNoChecksumHeader()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options());
        using AmazonS3Client client = Client(server);
        using var utility = new TransferUtility(client);
        string path = Path.Combine(_folder, "f.bin");
        // Above the 16 MiB multipart threshold, so the upload sends parts and the downloads fetch them by number.
        await File.WriteAllBytesAsync(path, InMemoryS3Content.Create((4 * PartSize) + 1, seed: 1));

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = HabitEndpoint.Bucket, Key = "parts", FilePath = path, PartSize = PartSize });
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "small", InputStream = new MemoryStream(new byte[1024]),
        });
        TransferUtilityDownloadResponse download = await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "parts", FilePath = Path.Combine(_folder, "back.bin"), PartSize = PartSize,
        });
        await using (TransferUtilityOpenStreamResponse stream = await utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "parts",
        }))
        {
            await stream.ResponseStream.CopyToAsync(Stream.Null);
        }

        Assert.Equal(await File.ReadAllBytesAsync(path), await File.ReadAllBytesAsync(Path.Combine(_folder, "back.bin")));
        Assert.False(download.ChecksumValidation!.Validated);
        Assert.Empty(_headers.Seen);
        Assert.Contains("POST ?uploads", _headers.Kinds);
        Assert.Contains("PUT ?partNumber&uploadId", _headers.Kinds);
        Assert.Contains("POST ?uploadId", _headers.Kinds);
        Assert.Contains("PUT", _headers.Kinds);
        Assert.Contains("GET ?partNumber", _headers.Kinds);
        Assert.Contains("GET", _headers.Kinds);
    }

    [Fact]
    public async Task UploadWithResponseAsync_ClientWithChecksumsWhenRequiredAndTheRequestAsksForCrc32C_SendsThatChecksum()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options());
        using AmazonS3Client client = Client(server);
        using var utility = new TransferUtility(client);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", InputStream = new MemoryStream(new byte[1024]), ChecksumAlgorithm = ChecksumAlgorithm.CRC32C,
        });

        Assert.Contains("x-amz-checksum-crc32c", _headers.Seen);
        Assert.False(string.IsNullOrEmpty(response.ChecksumCRC32C));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ClientWithValidationWhenRequiredAndTheRequestAsks_Validates()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options());
        using AmazonS3Client client = Client(server);
        using var utility = new TransferUtility(client);
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", InputStream = new MemoryStream(InMemoryS3Content.Create(1024, seed: 2)),
            ChecksumAlgorithm = ChecksumAlgorithm.CRC32,
        });

        TransferUtilityDownloadResponse download = await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = Path.Combine(_folder, "k.bin"), ChecksumMode = ChecksumMode.ENABLED,
        });

        Assert.True(download.ChecksumValidation!.Validated, download.ChecksumValidation.NotValidatedReason);
        Assert.Contains("x-amz-checksum-mode", _headers.Seen);
    }

    public void Dispose()
    {
        _headers.Dispose();
        Directory.Delete(_folder, recursive: true);
    }

    private AmazonS3Client Client(InMemoryS3Server server) => new(new BasicAWSCredentials("test", "test"), new AmazonS3Config
    {
        ServiceURL = server.ServiceUrl.ToString(),
        ForcePathStyle = true,
        AuthenticationRegion = "us-east-1",
        RequestChecksumCalculation = RequestChecksumCalculation.WHEN_REQUIRED,
        ResponseChecksumValidation = ResponseChecksumValidation.WHEN_REQUIRED,
        HttpClientFactory = new HandlerClientFactory(_headers),
    });

    /// <summary>The checksum request headers any request carried, by name, and the kinds of request that went out (the
    /// method and the names of the query's parameters: a part upload is "PUT ?partNumber&amp;uploadId").</summary>
    private sealed class ChecksumHeaders() : DelegatingHandler(new SocketsHttpHandler())
    {
        public ConcurrentBag<string> Seen { get; } = [];

        public ConcurrentBag<string> Kinds { get; } = [];

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            string parameters = string.Join('&', request.RequestUri!.Query.TrimStart('?').Split('&', StringSplitOptions.RemoveEmptyEntries)
                .Select(p => p.Split('=')[0]).Order(StringComparer.Ordinal));
            Kinds.Add(parameters.Length == 0 ? request.Method.Method : $"{request.Method} ?{parameters}");
            IEnumerable<string> names = request.Headers.Select(h => h.Key).Concat(request.Content?.Headers.Select(h => h.Key) ?? []);
            foreach (string name in names.Select(n => n.ToLowerInvariant())
                .Where(n => n.StartsWith("x-amz-checksum-", StringComparison.Ordinal) || n == "x-amz-sdk-checksum-algorithm"))
            {
                Seen.Add(name);
            }

            return base.SendAsync(request, cancellationToken);
        }
    }
}
