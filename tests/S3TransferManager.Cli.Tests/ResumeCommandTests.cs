using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// cp resumes by default: Ctrl+C keeps what was done, the same command continues and says how much it took over;
/// <c>resume --list</c> shows it and <c>resume --discard</c> gives it up; <c>--no-resume</c> keeps nothing. The proxy
/// holds the third part, so Ctrl+C comes when exactly two 5 MiB parts are stored.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class ResumeCommandTests(MotoServer moto) : IDisposable
{
    private const int MiB = 1024 * 1024;
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-resume-").FullName;

    private string Journals => Path.Combine(_folder, "journals");

    [Fact]
    public async Task Cp_UploadCancelledAfterTwoParts_SameCommandSendsOnlyTheRestAndSaysSo()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Bytes(20 * MiB);
        string file = Path.Combine(_folder, "f.bin");
        await File.WriteAllBytesAsync(file, content);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);

        CliRun cancelled = await CancelAtThirdPartAsync(proxy, bucket, file);
        proxy.Plan.Clear();
        CliRun listed = await CliRun.RunAsync(Args(proxy, "resume", "--list", "--json"));
        CliRun resumed = await CliRun.RunAsync(Args(proxy, "cp", file, $"s3://{bucket.Name}/k"));
        CliRun resumedJson = await CliRun.RunAsync(Args(proxy, "resume", "--list", "--json"));

        Assert.Equal(130, cancelled.ExitCode);
        Assert.Contains($"s3tm: kept for a resume: multipart upload ", cancelled.Stderr, StringComparison.Ordinal);
        Assert.Contains($" of s3://{bucket.Name}/k with 10.0 MiB of 20.0 MiB sent", cancelled.Stderr, StringComparison.Ordinal);
        Assert.Contains("s3tm: run the same command to resume; 's3tm resume --discard ", cancelled.Stderr, StringComparison.Ordinal);
        JsonNode transfer = Assert.Single(JsonNode.Parse(listed.StdoutText)!["transfers"]!.AsArray())!;
        Assert.Equal(("Upload", 10L * MiB, 20L * MiB), ((string)transfer["kind"]!, (long)transfer["completedBytes"]!, (long)transfer["totalBytes"]!));
        Assert.Equal(0, resumed.ExitCode);
        Assert.Contains("resumed 10.0 MiB from an earlier run (10.0 MiB sent)", resumed.StdoutText, StringComparison.Ordinal);
        Assert.Empty(JsonNode.Parse(resumedJson.StdoutText)!["transfers"]!.AsArray());
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, bucket.Name, "k"));
        await AssertNoOpenUploadAsync(bucket);
        Assert.Empty(Directory.EnumerateFiles(Journals));
    }

    [Fact]
    public async Task ResumeDiscard_CancelledUpload_AbortsItsUploadAndForgetsIt()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string file = Path.Combine(_folder, "f.bin");
        await File.WriteAllBytesAsync(file, TestData.Bytes(20 * MiB));
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        await CancelAtThirdPartAsync(proxy, bucket, file);
        proxy.Plan.Clear();
        string id = (string)JsonNode.Parse((await CliRun.RunAsync(Args(proxy, "resume", "--list", "--json"))).StdoutText)!["transfers"]![0]!["id"]!;

        CliRun discarded = await CliRun.RunAsync(Args(proxy, "resume", "--discard", id));
        CliRun listed = await CliRun.RunAsync(Args(proxy, "resume", "--list"));

        Assert.Equal(0, discarded.ExitCode);
        Assert.StartsWith($"discard: {id} upload {file} to s3://{bucket.Name}/k, 10.0 MiB of 20.0 MiB done", discarded.StdoutText, StringComparison.Ordinal);
        Assert.Equal("0 resumable copy(ies)", listed.StdoutText.Trim());
        await AssertNoOpenUploadAsync(bucket);
        Assert.Empty(Directory.EnumerateFiles(Journals));
    }

    [Fact]
    public async Task ResumeDiscard_UnknownId_IsAUsageError()
    {
        CliRun run = await CliRun.RunAsync("resume", "--discard", "nope", "--journal-folder", Journals, "--endpoint", moto.ServiceUrl.ToString(), "--path-style");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("No resumable copy has the ID 'nope'", run.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_NoResumeCancelledUpload_LeavesNoJournalAndNoOpenUpload()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string file = Path.Combine(_folder, "f.bin");
        await File.WriteAllBytesAsync(file, TestData.Bytes(20 * MiB));
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);

        CliRun cancelled = await CancelAtThirdPartAsync(proxy, bucket, file, "--no-resume");

        Assert.Equal(130, cancelled.ExitCode);
        Assert.DoesNotContain("resumes", cancelled.Stderr, StringComparison.Ordinal);
        await AssertNoOpenUploadAsync(bucket);
        Assert.False(Directory.Exists(Journals) && Directory.EnumerateFiles(Journals).Any(), "--no-resume left a journal.");
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>cp with one part in flight at a time, cancelled (Ctrl+C) once the proxy holds the third part.</summary>
    private async Task<CliRun> CancelAtThirdPartAsync(FaultInjectingProxy proxy, MotoBucket bucket, string file, params string[] extra)
    {
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Nth(S3Operation.UploadPart, 3, new ProxyFault.Hold(held));
        using var ctrlC = new CancellationTokenSource();
        Task<CliRun> running = CliRun.RunAsync(null, ctrlC.Token, [.. Args(proxy, "cp", file, $"s3://{bucket.Name}/k", "--concurrency", "1"), .. extra]);
        if (await Task.WhenAny(held.Task, running).WaitAsync(TimeSpan.FromSeconds(60)) == running)
        {
            Assert.Fail($"cp ended before its third part was held: {(await running).Stderr}");
        }

        await ctrlC.CancelAsync();
        return await running;
    }

    private string[] Args(FaultInjectingProxy proxy, params string[] command) =>
        [.. command, "--part-size", "5MiB", "--journal-folder", Journals, "--endpoint", proxy.Url.ToString(), "--path-style"];

    private async Task AssertNoOpenUploadAsync(MotoBucket bucket)
    {
        using AmazonS3Client s3 = MotoBucket.Client(moto.ServiceUrl.ToString());
        ListMultipartUploadsResponse open = await s3.ListMultipartUploadsAsync(bucket.Name);
        Assert.Empty(open.MultipartUploads ?? []);
    }
}
