using System.Diagnostics;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;
using S3TransferManager.IntegrationTests.Sync;

namespace S3TransferManager.IntegrationTests.FaultProxy;

/// <summary>
/// The first request of one kind is never answered (the fault proxy holds it, connection open, in front of moto), with
/// every setting at its default: a folder download's listing, a sync's listing in each direction, a checksum-comparing
/// sync's HEAD, a multipart copy's UploadPartCopy, a prefix copy's CopyObject. Each transfer gives the request up after
/// its bound, sends it again, and ends with the right result within 60 s, leaving no multipart upload open.
/// </summary>
[Collection(WaitingMotoCollection.Name)]
public sealed class UnansweredRequestTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;
    private static readonly TimeSpan s_limit = TimeSpan.FromSeconds(60);
    private static readonly (string Key, byte[] Content)[] s_files =
    [
        ("a.bin", TestData.Payload(1000, seed: 1)),
        ("sub/b.bin", TestData.Payload(70_000, seed: 2)),
        ("c.txt", TestData.Payload(10, seed: 3)),
    ];

    [Fact]
    public async Task DownloadDirectory_FirstListingNeverAnswered_ListsAgainAndDownloadsEveryObject()
    {
        await using Scene scene = await Scene.StartAsync(moto);
        await scene.PutAllAsync("d/");
        TaskCompletionSource held = scene.HoldFirst(S3Operation.ListObjects);
        string folder = scene.S3.PathFor("down");

        await scene.TimedAsync(utility => utility.DownloadDirectoryWithResponseAsync(scene.S3.BucketName, "d", folder));

        Assert.True(held.Task.IsCompleted);
        Assert.Equal(Expected(), Local(folder));
    }

    [Theory]
    [InlineData(SyncDirection.Upload)]
    [InlineData(SyncDirection.Download)]
    public async Task Sync_FirstListingNeverAnswered_ListsAgainAndSyncsEveryObject(SyncDirection direction)
    {
        await using Scene scene = await Scene.StartAsync(moto);
        TransferUtilitySyncRequest request;
        string local = scene.S3.PathFor("local");
        if (direction == SyncDirection.Upload)
        {
            DirectoryTree.Write(local, s_files);
            request = new TransferUtilitySyncRequest { SourceDirectory = local, DestinationBucket = scene.S3.BucketName, DestinationPrefix = "s" };
        }
        else
        {
            await scene.PutAllAsync("s/");
            request = new TransferUtilitySyncRequest { SourceBucket = scene.S3.BucketName, SourcePrefix = "s", DestinationDirectory = local };
        }

        TaskCompletionSource held = scene.HoldFirst(S3Operation.ListObjects);

        TransferUtilitySyncResponse response = await scene.TimedAsync(utility => utility.SyncWithResponseAsync(request));

        Assert.True(held.Task.IsCompleted);
        Assert.Equal(3, response.ObjectsTransferred);
        Assert.Equal(Expected(), direction == SyncDirection.Upload ? await scene.StoredAsync("s/") : Local(local));
    }

    [Fact]
    public async Task Sync_CompareChecksumsFirstHeadNeverAnswered_HeadsAgainAndFindsEveryObjectUnchanged()
    {
        await using Scene scene = await Scene.StartAsync(moto);
        string local = scene.S3.PathFor("local");
        DirectoryTree.Write(local, s_files);
        await AwsCli.RunAsync(moto, "s3", "cp", "--recursive", "--only-show-errors", "--checksum-algorithm", "CRC32", local,
            $"s3://{scene.S3.BucketName}/s/");
        TaskCompletionSource held = scene.HoldFirst(S3Operation.HeadObject);
        var request = new TransferUtilitySyncRequest
        {
            SourceDirectory = local, DestinationBucket = scene.S3.BucketName, DestinationPrefix = "s", CompareChecksums = true,
        };

        TransferUtilitySyncResponse response = await scene.TimedAsync(utility => utility.SyncWithResponseAsync(request));

        Assert.True(held.Task.IsCompleted);
        Assert.Equal((0L, 3L), (response.ObjectsTransferred, response.ObjectsUnchanged));
    }

    [Fact]
    public async Task Copy_FirstUploadPartCopyNeverAnswered_CopiesThePartAgainAndStoresTheObject()
    {
        await using Scene scene = await Scene.StartAsync(moto);
        byte[] content = TestData.Payload((16 * MiB) + 1000, seed: 9);
        await scene.S3.PutAsync("big.bin", content);
        TaskCompletionSource held = scene.HoldFirst(S3Operation.UploadPartCopy);

        TransferUtilityCopyResponse response = await scene.TimedAsync(utility =>
            utility.CopyWithResponseAsync(scene.S3.BucketName, "big.bin", scene.S3.BucketName, "copy.bin"));

        Assert.True(held.Task.IsCompleted);
        Assert.True(response.PartCount > 1);
        Assert.Equal(TestData.Sha256(content), (await scene.StoredAsync("copy"))[".bin"]);
    }

    [Fact]
    public async Task CopyDirectory_FirstCopyObjectNeverAnswered_CopiesItAgainAndEveryObject()
    {
        await using Scene scene = await Scene.StartAsync(moto);
        await scene.PutAllAsync("from/");
        TaskCompletionSource held = scene.HoldFirst(S3Operation.CopyObject);

        await scene.TimedAsync(utility => utility.CopyDirectoryWithResponseAsync(scene.S3.BucketName, "from", scene.S3.BucketName, "to"));

        Assert.True(held.Task.IsCompleted);
        Assert.Equal(Expected(), await scene.StoredAsync("to/"));
    }

    private static Dictionary<string, string> Expected() => s_files.ToDictionary(f => f.Key, f => TestData.Sha256(f.Content));

    private static Dictionary<string, string> Local(string folder) =>
        System.IO.Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories)
            .ToDictionary(p => Path.GetRelativePath(folder, p).Replace('\\', '/'), p => TestData.Sha256(File.ReadAllBytes(p)));

    private sealed class Scene : IAsyncDisposable
    {
        private Scene(S3TestContext s3, FaultInjectingProxy proxy)
        {
            S3 = s3;
            Proxy = proxy;
        }

        public S3TestContext S3 { get; }

        public FaultInjectingProxy Proxy { get; }

        public static async Task<Scene> StartAsync(MotoServer moto) =>
            new(await S3TestContext.CreateAsync(moto), await FaultInjectingProxy.StartAsync(moto.ServiceUrl));

        /// <summary>Holds the first request of <paramref name="operation"/> unanswered; the source completes when it arrived.</summary>
        public TaskCompletionSource HoldFirst(S3Operation operation)
        {
            var arrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            Proxy.Plan.Nth(operation, 1, new ProxyFault.Hold(arrived));
            return arrived;
        }

        public async Task PutAllAsync(string prefix)
        {
            foreach ((string key, byte[] content) in s_files)
            {
                await S3.PutAsync(prefix + key, content);
            }
        }

        /// <summary>Runs <paramref name="transfer"/> on a utility with every setting at its default, through the proxy,
        /// within the limit; then checks no multipart upload is left open.</summary>
        public async Task<T> TimedAsync<T>(Func<TransferUtility, Task<T>> transfer)
        {
            using AmazonS3Client client = S3TestContext.CreateClient(Proxy.Url, httpClientFactory: null);
            using var utility = new TransferUtility(client);
            var clock = Stopwatch.StartNew();
            T result = await transfer(utility).WaitAsync(s_limit);
            Assert.True(clock.Elapsed < s_limit, $"took {clock.Elapsed}");
            ListMultipartUploadsResponse open = await S3.SetupClient.ListMultipartUploadsAsync(S3.BucketName);
            Assert.Empty(open.MultipartUploads ?? []);
            return result;
        }

        /// <summary>The SHA-256 of every object under <paramref name="prefix"/>, by key relative to it.</summary>
        public async Task<Dictionary<string, string>> StoredAsync(string prefix)
        {
            var stored = new Dictionary<string, string>();
            ListObjectsV2Response listed = await S3.SetupClient.ListObjectsV2Async(new ListObjectsV2Request { BucketName = S3.BucketName, Prefix = prefix });
            foreach (S3Object item in listed.S3Objects ?? [])
            {
                using GetObjectResponse get = await S3.SetupClient.GetObjectAsync(S3.BucketName, item.Key);
                using var body = new MemoryStream();
                await get.ResponseStream.CopyToAsync(body);
                stored[item.Key[prefix.Length..]] = TestData.Sha256(body.ToArray());
            }

            return stored;
        }

        public async ValueTask DisposeAsync()
        {
            await Proxy.DisposeAsync();
            await S3.DisposeAsync();
        }
    }
}
