using System.Diagnostics;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// s3tm's own S3 calls are bounded and retried as the library's are: the fault proxy in front of moto holds the first
/// request of one kind, connection open and never answered (a listing for <c>ls</c> and <c>rm --recursive</c>, the
/// DeleteObject of <c>rm</c>), with every setting at its default. Each command gives the request up after its bound
/// (<c>BodyStallTimeout</c>, 15 s), sends it again, and ends with the right result within 60 s.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class UnansweredRequestTests(MotoServer moto)
{
    private static readonly TimeSpan s_limit = TimeSpan.FromSeconds(60);

    [Fact]
    public async Task Ls_FirstListingNeverAnswered_ListsAgainAndPrintsEveryObject()
    {
        MotoBucket bucket = await BucketWithAsync("a.txt", "sub/b.txt");
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        TaskCompletionSource held = HoldFirst(proxy, S3Operation.ListObjects);

        CliRun run = await TimedAsync("ls", "--recursive", $"s3://{bucket.Name}/", "--endpoint", proxy.Url.ToString(), "--path-style");

        Assert.True(held.Task.IsCompleted, "The first listing never reached the proxy.");
        Assert.Equal(0, run.ExitCode);
        Assert.Equal(["a.txt", "sub/b.txt"], run.StdoutText.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => line.Split(' ')[^1]));
    }

    [Fact]
    public async Task Rm_FirstDeleteNeverAnswered_DeletesAgainAndRemovesTheObject()
    {
        MotoBucket bucket = await BucketWithAsync("gone.txt", "kept.txt");
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        TaskCompletionSource held = HoldFirst(proxy, S3Operation.DeleteObject);

        CliRun run = await TimedAsync("rm", $"s3://{bucket.Name}/gone.txt", "--endpoint", proxy.Url.ToString(), "--path-style");

        Assert.True(held.Task.IsCompleted, "The first DeleteObject never reached the proxy.");
        Assert.Equal(0, run.ExitCode);
        Assert.Equal(["kept.txt"], await KeysAsync(bucket));
    }

    [Fact]
    public async Task RmRecursive_FirstListingNeverAnswered_ListsAgainAndRemovesEveryObject()
    {
        MotoBucket bucket = await BucketWithAsync("old/a.txt", "old/sub/b.txt", "kept.txt");
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        TaskCompletionSource held = HoldFirst(proxy, S3Operation.ListObjects);

        CliRun run = await TimedAsync("rm", "--recursive", $"s3://{bucket.Name}/old/", "--endpoint", proxy.Url.ToString(), "--path-style");

        Assert.True(held.Task.IsCompleted, "The first listing never reached the proxy.");
        Assert.Equal(0, run.ExitCode);
        Assert.Equal(["kept.txt"], await KeysAsync(bucket));
    }

    private static TaskCompletionSource HoldFirst(FaultInjectingProxy proxy, S3Operation operation)
    {
        var arrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Nth(operation, 1, new ProxyFault.Hold(arrived));
        return arrived;
    }

    /// <summary>Runs s3tm, which must end within the limit; its output comes with a failure.</summary>
    private static async Task<CliRun> TimedAsync(params string[] args)
    {
        var clock = Stopwatch.StartNew();
        CliRun run = await CliRun.RunAsync(args);
        Assert.True(clock.Elapsed < s_limit, $"took {clock.Elapsed}");
        Assert.True(run.ExitCode == 0, $"exit {run.ExitCode}: {run.Stderr}");
        return run;
    }

    private async Task<MotoBucket> BucketWithAsync(params string[] keys)
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        foreach (string key in keys)
        {
            await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = key, ContentBody = key, ContentType = "text/plain" });
        }

        return bucket;
    }

    private static async Task<string[]> KeysAsync(MotoBucket bucket)
    {
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        ListObjectsV2Response listed = await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket.Name });
        return [.. (listed.S3Objects ?? []).Select(o => o.Key).Order(StringComparer.Ordinal)];
    }
}
