using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.SlowServer;

/// <summary>
/// Every kind of transfer, at the library's defaults, against the in-memory endpoint's slow-server profile: two
/// requests served at a time, 1 s per 5 MiB each, the rest queued with no byte of their answer sent, as a NAS, a single
/// MinIO node or moto serve. Each ends byte-exact, and no part is asked for twice: a request waiting in the queue is not
/// taken for a dead connection and sent again (which would only put it at the back of the queue).
/// </summary>
public sealed class SlowServerTransferTests : IAsyncLifetime
{
    private const int MiB = 1024 * 1024;
    private const string Bucket = "bucket";

    /// <summary>Three parts of the default 8 MiB: 2.4 s at the server's 10 MiB a second in all.</summary>
    private const int ObjectLength = (3 * 8 * MiB) - 5;

    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-slow-").FullName;
    private InMemoryS3Server _server = null!;
    private AmazonS3Client _client = null!;

    public async Task InitializeAsync()
    {
        _server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { ServedAtOnce = 2, ServedBytesPerSecond = 5 * MiB });
        _server.CreateBucket(Bucket);
        _client = new AmazonS3Client(new BasicAWSCredentials("test", "test"),
            new AmazonS3Config { ServiceURL = _server.ServiceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1" });
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _server.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_Defaults_ByteExactWithEveryPartAskedForOnce()
    {
        byte[] content = SeedMultipart("k");
        using var utility = new TransferUtility(_client);
        string path = Path.Combine(_folder, "k.bin");

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = Bucket, Key = "k", FilePath = path });

        Assert.Equal(content, await File.ReadAllBytesAsync(path));
        AssertNoPartAskedTwice();
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_Defaults_ByteExactWithEveryPartAskedForOnce()
    {
        byte[] content = SeedMultipart("k");
        using var utility = new TransferUtility(_client);

        await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = Bucket, Key = "k" });
        byte[] read = await StreamReading.ReadAllAsync(open.ResponseStream, "65536");

        Assert.Equal(content, read);
        AssertNoPartAskedTwice();
    }

    [Fact]
    public async Task UploadWithResponseAsync_FileAtTheDefaults_StoredByteExactWithEveryPartSentOnce()
    {
        byte[] content = InMemoryS3Content.Create(ObjectLength, seed: 2);
        string path = Path.Combine(_folder, "source.bin");
        await File.WriteAllBytesAsync(path, content);
        using var utility = new TransferUtility(_client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = Bucket, Key = "up", FilePath = path });

        Assert.Equal(content, _server.GetObjectContent(Bucket, "up"));
        Assert.Equal(1, _server.GetRequestCount(S3Operation.CompleteMultipartUpload));
        Assert.Equal(0, _server.GetMultipartUploadCount(Bucket));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NonSeekableStreamAtTheDefaults_StoredByteExact()
    {
        byte[] content = InMemoryS3Content.Create(ObjectLength, seed: 3);
        using var utility = new TransferUtility(_client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = Bucket, Key = "stream", InputStream = new NonSeekableStream(content),
        });

        Assert.Equal(content, _server.GetObjectContent(Bucket, "stream"));
        Assert.Equal(0, _server.GetMultipartUploadCount(Bucket));
    }

    [Fact]
    public async Task DirectoriesBothWays_Defaults_EveryFileByteExact()
    {
        string source = Directory.CreateDirectory(Path.Combine(_folder, "up")).FullName;
        var files = new Dictionary<string, byte[]>();
        for (int i = 0; i < 6; i++)
        {
            files[$"f{i}.bin"] = InMemoryS3Content.Create((2 * MiB) + i, seed: 10 + i);
            await File.WriteAllBytesAsync(Path.Combine(source, $"f{i}.bin"), files[$"f{i}.bin"]);
        }

        using var utility = new TransferUtility(_client);
        await utility.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest { BucketName = Bucket, Directory = source, KeyPrefix = "tree/" });
        string target = Path.Combine(_folder, "down");
        TransferUtilityDownloadDirectoryResponse down = await utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest { BucketName = Bucket, S3Directory = "tree", LocalDirectory = target });

        Assert.Equal(6, down.ObjectsDownloaded);
        foreach ((string name, byte[] content) in files)
        {
            Assert.Equal(content, _server.GetObjectContent(Bucket, "tree/" + name));
            Assert.Equal(content, await File.ReadAllBytesAsync(Path.Combine(target, name)));
        }
    }

    /// <summary>An object as if uploaded in 8 MiB parts (a GET of part 1 by number answers 8 MiB and the part count).</summary>
    private byte[] SeedMultipart(string key)
    {
        byte[] content = InMemoryS3Content.Create(ObjectLength, seed: 1);
        _server.PutMultipartObject(Bucket, key, content, 8 * MiB);
        return content;
    }

    /// <summary>Part 1 asked by number, and parts 2 and 3 by their own ranges, once: none was sent again for waiting in
    /// the server's queue.</summary>
    private void AssertNoPartAskedTwice()
    {
        Assert.Equal(1, _server.GetRequestCount(S3Operation.GetObjectPart));
        Assert.Equal(2, _server.GetRequestCount(S3Operation.GetObjectRange));
    }
}
