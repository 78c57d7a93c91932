using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// Ctrl+C leaves nothing behind: not the demo's bucket, not the folders a download made for objects it never finished.
/// The fault proxy holds or stalls one request, so Ctrl+C comes at exactly the stage under test.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class LeftoverTests(MotoServer moto) : IDisposable
{
    private static readonly TimeSpan Wait = TimeSpan.FromSeconds(30);
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-leftovers-").FullName;

    [Fact]
    public async Task Demo_CancelledWhileUploadingParts_RemovesItsBucket()
    {
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        var partArrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Every(S3Operation.UploadPart, new ProxyFault.Hold(partArrived));
        using var ctrlC = new CancellationTokenSource();

        Task<CliRun> running = CliRun.RunAsync(null, ctrlC.Token,
            "demo", "--size", "17MiB", "--part-size", "5MiB", "--endpoint", proxy.Url.ToString(), "--path-style");
        await WaitForAsync(partArrived.Task, running);
        await ctrlC.CancelAsync();
        CliRun run = await running;

        Assert.Equal(130, run.ExitCode);
        string bucket = run.StdoutText.Split(' ').Single(word => word.StartsWith("s3tm-demo-", StringComparison.Ordinal));
        ListBucketsResponse buckets = await Client().ListBucketsAsync();
        Assert.DoesNotContain(bucket, (buckets.Buckets ?? []).Select(b => b.BucketName));
    }

    [Fact]
    public async Task CpRecursive_CancelledMidDownload_LeavesNoEmptyFolderAndNoTempFile()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using IAmazonS3 s3 = Client();
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "tree/a.txt", ContentBody = "a", ContentType = "text/plain" });
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "tree/sub/b.txt", ContentBody = "b", ContentType = "text/plain" });
        await PutAsync(s3, bucket.Name, "tree/deep/er/big.bin", 3 * 1024 * 1024);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Every(S3Operation.GetObject, new StallBody(64 * 1024, stalled), key: "tree/deep/er/big.bin");
        string target = Path.Combine(_folder, "target");
        using var ctrlC = new CancellationTokenSource();

        Task<CliRun> running = CliRun.RunAsync(null, ctrlC.Token,
            "cp", "-r", $"s3://{bucket.Name}/tree", target, "--endpoint", proxy.Url.ToString(), "--path-style");
        await WaitForAsync(stalled.Task, running);
        bool madeFolder = Directory.Exists(Path.Combine(target, "deep", "er"));
        await ctrlC.CancelAsync();
        CliRun run = await running;

        Assert.True(madeFolder, "The download had not made the stalled object's folder when Ctrl+C came.");
        Assert.Equal(130, run.ExitCode);
        Assert.False(Directory.Exists(Path.Combine(target, "deep")), "The folders made for the unfinished object are still there.");
        Assert.Empty(Directory.Exists(target) ? Directory.EnumerateFiles(target, "*.s3tmp", SearchOption.AllDirectories) : []);
        Assert.All(Directory.Exists(target) ? Directory.EnumerateDirectories(target, "*", SearchOption.AllDirectories) : [],
            folder => Assert.NotEmpty(Directory.EnumerateFileSystemEntries(folder)));
    }

    [Fact]
    public async Task Cp_CancelledMidDownloadIntoNewFolders_RemovesThem()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using IAmazonS3 s3 = Client();
        await PutAsync(s3, bucket.Name, "big.bin", 3 * 1024 * 1024);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Every(S3Operation.GetObject, new StallBody(64 * 1024, stalled));
        string existing = Path.Combine(_folder, "existing");
        Directory.CreateDirectory(existing);
        using var ctrlC = new CancellationTokenSource();

        Task<CliRun> running = CliRun.RunAsync(null, ctrlC.Token,
            "cp", $"s3://{bucket.Name}/big.bin", Path.Combine(existing, "new", "deeper", "big.bin"), "--endpoint", proxy.Url.ToString(), "--path-style");
        await WaitForAsync(stalled.Task, running);
        await ctrlC.CancelAsync();
        CliRun run = await running;

        Assert.Equal(130, run.ExitCode);
        Assert.True(Directory.Exists(existing), "A folder that existed before the download was removed.");
        Assert.Empty(Directory.EnumerateFileSystemEntries(existing));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>Waits for the proxy to hold the request, failing with the run's output if the run ended first.</summary>
    private static async Task WaitForAsync(Task held, Task<CliRun> running)
    {
        if (await Task.WhenAny(held, running).WaitAsync(Wait) == running)
        {
            CliRun ended = await running;
            Assert.Fail($"s3tm ended (exit {ended.ExitCode}) before the request under test was held: {ended.Stderr}");
        }
    }

    private static async Task PutAsync(IAmazonS3 s3, string bucket, string key, int size)
    {
        using var body = new MemoryStream(TestData.Bytes(size));
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = key, InputStream = body, ContentType = "application/octet-stream" });
    }

    private AmazonS3Client Client() => MotoBucket.Client(moto.ServiceUrl.ToString());
}
