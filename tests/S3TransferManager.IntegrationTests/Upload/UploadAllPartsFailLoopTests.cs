using System.Net;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;
using Xunit.Abstractions;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>
/// A multipart upload whose every part fails must return its error, every time. Runs in a loop through a
/// real socket (the fault proxy) with both cores kept busy, because the hang showed in a few runs of 16 only under load.
/// Each run is bounded, so a hang fails the test and says what was still pending instead of stopping the test run.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class UploadAllPartsFailLoopTests(MotoServer moto, ITestOutputHelper output)
{
    private const int MiB = 1024 * 1024;
    private static readonly TimeSpan s_runLimit = TimeSpan.FromSeconds(60);

    public static TheoryData<string, int> Variants => new()
    {
        { "500", 50 },
        { "503", 10 },
        { "403", 10 },
        { "reset", 10 },
    };

    [Theory]
    [MemberData(nameof(Variants))]
    public async Task UploadWithResponseAsync_EveryPartFails_ReturnsItsErrorAndLeavesNoOpenUpload(string variant, int runs)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        proxy.Plan.Every(S3Operation.UploadPart, FaultFor(variant));
        using AmazonS3Client direct = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        (IAmazonS3 client, PendingCallTracker tracker) = PendingCallTracker.Wrap(direct);
        // A short failure wait, so a part or an abort the SDK never finishes still returns well within the run limit,
        // and then shows as an open upload instead of a hang.
        using var utility = new TransferUtility(client, null, null, new EngineTuning { FailureWaitLimit = TimeSpan.FromSeconds(10) });
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Bytes(25 * MiB));
        using var burner = new CpuBurner(Environment.ProcessorCount, TimeSpan.FromMinutes(3));

        for (int run = 0; run < runs; run++)
        {
            Task upload = utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
            {
                BucketName = s3.BucketName,
                Key = $"k{run}",
                FilePath = path,
                PartSize = 5 * MiB,
            });
            Exception? error = await Record.ExceptionAsync(() => upload.WaitAsync(s_runLimit));
            if (error is TimeoutException)
            {
                Report(run, proxy, tracker);
            }

            AssertExpectedError(variant, error);
        }

        Assert.Equal(runs, proxy.Count(S3Operation.AbortMultipartUpload));
        ListMultipartUploadsResponse open = await s3.SetupClient.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = s3.BucketName });
        Assert.Empty(open.MultipartUploads ?? []);
    }

    private static ProxyFault FaultFor(string variant) => variant switch
    {
        "500" => ProxyFault.InternalError,
        "503" => ProxyFault.SlowDown,
        "403" => ProxyFault.AccessDenied,
        "reset" => new ProxyFault.ResetConnection(),
        _ => throw new ArgumentOutOfRangeException(nameof(variant)),
    };

    private static void AssertExpectedError(string variant, Exception? error)
    {
        Assert.NotNull(error);
        switch (variant)
        {
            case "reset":
                Assert.False(error is AmazonS3Exception, $"a reset surfaced as an S3 answer: {error}");
                Assert.True(error is HttpRequestException or IOException or AmazonServiceException, $"unexpected error: {error}");
                break;
            default:
                if (error is IOException or HttpRequestException)
                {
                    // Seen once in ~400 runs, in a full parallel test run on a loaded machine: the SDK's last retry of a
                    // part met a closed connection instead of the 500. Still a prompt, typed failure with the upload
                    // aborted (checked below), which is what this test is about.
                    break;
                }

                Assert.True(error.GetType() == typeof(AmazonS3Exception), $"unexpected error: {error}");
                Assert.Equal(int.Parse(variant, System.Globalization.CultureInfo.InvariantCulture), (int)((AmazonS3Exception)error).StatusCode);
                break;
        }
    }

    private void Report(int run, FaultInjectingProxy proxy, PendingCallTracker tracker)
    {
        output.WriteLine($"run {run} did not return within {s_runLimit.TotalSeconds} s. SDK calls still pending:");
        foreach (string line in tracker.Pending())
        {
            output.WriteLine("  " + line);
        }

        output.WriteLine("requests the proxy answered, newest last:");
        foreach (ProxiedRequest r in proxy.Requests.TakeLast(20))
        {
            output.WriteLine($"  #{r.Index} {r.Operation} {r.Key} -> {r.Status}");
        }

        Assert.Fail($"run {run} hung; see the output");
    }
}
