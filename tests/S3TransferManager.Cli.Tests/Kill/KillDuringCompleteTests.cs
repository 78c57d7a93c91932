using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// s3tm cp of a file killed with SIGKILL after S3 completed the multipart upload but before the answer reached it (the
/// proxy relays the status and headers of CompleteMultipartUpload, then holds the body), then the same command run
/// again: the upload is gone from S3's list, the object is there. The second run must send no part, say that everything
/// was resumed, and leave no journal or open multipart upload; boto3 reads the file's bytes back.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class KillDuringCompleteTests(MotoServer moto) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-kill-complete-").FullName;

    private string Journals => Path.Combine(_folder, "journals");

    [Fact]
    public async Task Cp_KilledWhileCompleteMultipartUploadWasAnswered_SameCommandSendsNothingAgain()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(moto.ServiceUrl.ToString());
        KillScenario scenario = await KillScenario.CreateAsync("upload", bucket.Name, _folder, s3);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        var answered = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Every(S3Operation.CompleteMultipartUpload, new StallBody(0, answered));
        string[] args = [.. scenario.Command, "--part-size", "5MiB", "--concurrency", "2", "--journal-folder", Journals,
            "--endpoint", proxy.Url.ToString(), "--path-style", "--json"];

        using (ChildS3tm first = ChildS3tm.Start(args))
        {
            await answered.Task.WaitAsync(TimeSpan.FromSeconds(60));
            await first.KillAsync();
        }

        int boundary = await KillPoint.WaitUntilAllRecordedAsync(proxy);
        Assert.Empty((await s3.ListMultipartUploadsAsync(bucket.Name)).MultipartUploads ?? []);
        proxy.Plan.Clear();

        using ChildS3tm second = ChildS3tm.Start(args);
        (int exitCode, System.Text.Json.Nodes.JsonNode? result, string stderr) = await second.WaitAsync();

        Assert.True(exitCode == 0, $"The second run failed ({exitCode}): {stderr}");
        ProxiedRequest[] secondRun = [.. proxy.Requests.Where(r => r.Index > boundary)];
        Assert.DoesNotContain(secondRun, DataRequests.IsData);
        Assert.DoesNotContain(secondRun, r => r.Operation is S3Operation.CreateMultipartUpload or S3Operation.CompleteMultipartUpload);
        Assert.Equal(scenario.Total, (long)result!["resumedBytes"]!);
        Assert.Equal(0, (long)result["transferredBytes"]!);
        Assert.Empty(result["resumeRestarts"]!.AsArray());
        Assert.Equal(scenario.Expected(), await Boto3PrefixReader.Sha256ByKeyAsync(moto, bucket.Name, "f.bin"));
        await KillPoint.AssertNothingLeftAsync(s3, bucket.Name, scenario, Journals);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
