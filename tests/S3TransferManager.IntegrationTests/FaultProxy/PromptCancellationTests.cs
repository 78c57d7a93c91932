using System.Diagnostics;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;
using S3TransferManager.TestSupport;

namespace S3TransferManager.IntegrationTests.FaultProxy;

/// <summary>
/// A transfer of each kind, cancelled while its parts are in flight and answered slowly (the fault proxy in front of
/// moto holds each for 5 s before passing it on), returns within half a second of the cancellation; and, once the
/// utility is disposed (which waits for an abort still on its way), nothing is left behind: no multipart upload open,
/// no partial or temporary file, every pooled buffer returned. Run alone, after the parallel tests, so the half second
/// measures the library rather than a crowded machine.
/// </summary>
[Collection(IsolatedMotoCollection.Name)]
public sealed class PromptCancellationTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;
    private static readonly TimeSpan s_prompt = TimeSpan.FromMilliseconds(500);
    private static readonly TimeSpan s_slowAnswer = TimeSpan.FromSeconds(5);
    private static readonly byte[] s_large = TestData.Payload((16 * MiB) + 1000, seed: 21);

    public static TheoryData<string> Kinds =>
    [
        "upload-file", "upload-stream", "download-file", "open-stream", "upload-directory", "download-directory", "sync-upload", "sync-download",
        "copy", "copy-directory",
    ];

    [Theory]
    [MemberData(nameof(Kinds))]
    public async Task Cancelled_WhilePartsAreAnsweredSlowly_ReturnsWithinHalfASecondAndLeavesNothingBehind(string kind)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        string local = s3.PathFor("local");
        System.IO.Directory.CreateDirectory(local);
        await SeedAsync(kind, s3, local);
        var slow = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        ProxyFault answerSlowly = new ProxyFault.RunBefore(async () =>
        {
            slow.TrySetResult();
            await Task.Delay(s_slowAnswer);
        });
        foreach (S3Operation operation in new[] { S3Operation.UploadPart, S3Operation.PutObject, S3Operation.UploadPartCopy, S3Operation.CopyObject })
        {
            proxy.Plan.Every(operation, answerSlowly);
        }

        // A download's first GET answers at once, so its parts go out; every later one is slow.
        proxy.Plan.From(S3Operation.GetObject, kind == "download-directory" || kind == "sync-download" ? 1 : 2, answerSlowly);
        using var pool = new CountingArrayPool();
        using AmazonS3Client client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        // Ranged openings: moto answers a GET of part 1 by number with the whole object, which may be read in that one
        // request (its pace decides), and then no part would be in flight to cancel.
        var utility = new TransferUtility(client, new TransferUtilityConfig(), null, EngineTuning.Default with { OpenByPartNumber = false }, pool);
        using var cancel = new CancellationTokenSource();

        Task transfer = StartAsync(kind, utility, s3, local, cancel.Token);
        await slow.Task.WaitAsync(TimeSpan.FromSeconds(30));
        var clock = Stopwatch.StartNew();
        await cancel.CancelAsync();
        Exception? error = await Record.ExceptionAsync(() => transfer.WaitAsync(TimeSpan.FromSeconds(30)));
        TimeSpan returnedAfter = clock.Elapsed;
        utility.Dispose();

        Assert.IsAssignableFrom<OperationCanceledException>(error);
        Assert.True(returnedAfter < s_prompt, $"returned {returnedAfter.TotalMilliseconds:0} ms after the cancellation");
        Assert.Empty((await s3.SetupClient.ListMultipartUploadsAsync(s3.BucketName)).MultipartUploads ?? []);
        await AssertNoPartialFilesAsync(kind, local);
        await WaitForReturnsAsync(pool);
        pool.AssertAllReturned();
    }

    private static async Task SeedAsync(string kind, S3TestContext s3, string local)
    {
        switch (kind)
        {
            case "upload-file" or "upload-directory" or "sync-upload":
                DirectoryTree.Write(local, [("big.bin", s_large), ("small.bin", TestData.Payload(1000, seed: 22))]);
                break;
            default:
                await s3.PutAsync("src/big.bin", s_large);
                await s3.PutAsync("src/small.bin", TestData.Payload(1000, seed: 22));
                break;
        }
    }

    private static async Task StartAsync(string kind, TransferUtility utility, S3TestContext s3, string local, CancellationToken token)
    {
        string bucket = s3.BucketName;
        switch (kind)
        {
            case "upload-file":
                await utility.UploadWithResponseAsync(Path.Combine(local, "big.bin"), bucket, "dst/big.bin", token);
                break;
            case "upload-stream":
                await utility.UploadWithResponseAsync(
                    new TransferUtilityUploadRequest { BucketName = bucket, Key = "dst/big.bin", InputStream = new NonSeekableStream(s_large) }, token);
                break;
            case "download-file":
                await utility.DownloadWithResponseAsync(Path.Combine(local, "big.bin"), bucket, "src/big.bin", token);
                break;
            case "open-stream":
                using (TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(bucket, "src/big.bin", token))
                {
                    await open.ResponseStream.CopyToAsync(Stream.Null, token);
                }

                break;
            case "upload-directory":
                await utility.UploadDirectoryWithResponseAsync(
                    new TransferUtilityUploadDirectoryRequest { Directory = local, BucketName = bucket, KeyPrefix = "dst" }, token);
                break;
            case "download-directory":
                await utility.DownloadDirectoryWithResponseAsync(bucket, "src", local, token);
                break;
            case "sync-upload":
                await utility.SyncWithResponseAsync(
                    new TransferUtilitySyncRequest { SourceDirectory = local, DestinationBucket = bucket, DestinationPrefix = "dst" }, token);
                break;
            case "sync-download":
                await utility.SyncWithResponseAsync(
                    new TransferUtilitySyncRequest { SourceBucket = bucket, SourcePrefix = "src", DestinationDirectory = local }, token);
                break;
            case "copy":
                await utility.CopyWithResponseAsync(bucket, "src/big.bin", bucket, "dst/big.bin", token);
                break;
            case "copy-directory":
                await utility.CopyDirectoryWithResponseAsync(bucket, "src", bucket, "dst", token);
                break;
        }
    }

    /// <summary>A download leaves only the files that were there before (none, or the sources of an upload).</summary>
    private static Task AssertNoPartialFilesAsync(string kind, string local)
    {
        string[] files = [.. System.IO.Directory.EnumerateFiles(local, "*", SearchOption.AllDirectories).Select(Path.GetFileName).Order()!];
        string[] expected = kind is "upload-file" or "upload-directory" or "sync-upload" ? ["big.bin", "small.bin"] : [];
        Assert.Equal(expected, files);
        return Task.CompletedTask;
    }

    /// <summary>A part left behind after the grace gives its buffers back when its call ends: waited for, boundedly.</summary>
    private static async Task WaitForReturnsAsync(CountingArrayPool pool)
    {
        for (int i = 0; i < 100 && pool.OutstandingCount > 0; i++)
        {
            await Task.Delay(50);
        }
    }
}
