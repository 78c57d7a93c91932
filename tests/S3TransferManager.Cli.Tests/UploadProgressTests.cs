using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// What an upload's progress shows through the library against moto: for stdin (length unknown), bytes, speed and time
/// but never a share or a time left; once every byte is sent, completing, for as long as CompleteMultipartUpload takes.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class UploadProgressTests(MotoServer moto) : IDisposable
{
    private const int Size = (17 * 1024 * 1024) + 4567;
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-progress-").FullName;

    [Fact]
    public async Task Cp_StdinOnATerminal_ShowsBytesThenCompletingAndNeverAShare()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        var terminal = new TerminalRecorder();

        CliRun run = await CliRun.RunOnTerminalAsync(new NonSeekableStream(TestData.Bytes(Size)), terminal, CancellationToken.None,
            bucket.Args("cp", "-", $"s3://{bucket.Name}/piped.bin", "--part-size", "5MiB"));

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("17.0 MiB sent, completing", run.Stderr, StringComparison.Ordinal);
        Assert.Contains(" done", run.Stderr, StringComparison.Ordinal);
        Assert.DoesNotContain("%", run.Stderr, StringComparison.Ordinal);
        Assert.DoesNotContain("ETA", run.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_StdinToALog_WritesACompletingLine()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(new NonSeekableStream(TestData.Bytes(Size)), bucket.Args("cp", "-", $"s3://{bucket.Name}/logged.bin", "--part-size", "5MiB"));

        Assert.Equal(0, run.ExitCode);
        Assert.Contains($"upload s3://{bucket.Name}/logged.bin: all 17.0 MiB sent, completing\n", run.Stderr, StringComparison.Ordinal);
        Assert.DoesNotContain("%", run.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_CompleteMultipartUploadHeld_ShowsCompletingMeanwhile()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        var completeArrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.Every(S3Operation.CompleteMultipartUpload, new ProxyFault.Hold(completeArrived));
        string file = Path.Combine(_folder, "held.bin");
        await File.WriteAllBytesAsync(file, TestData.Bytes(Size));
        var terminal = new TerminalRecorder();
        using var ctrlC = new CancellationTokenSource();

        Task<CliRun> running = CliRun.RunOnTerminalAsync(null, terminal, ctrlC.Token,
            "cp", file, $"s3://{bucket.Name}/held.bin", "--part-size", "5MiB", "--no-resume", "--endpoint", proxy.Url.ToString(), "--path-style");
        Task first = await Task.WhenAny(completeArrived.Task, running).WaitAsync(TimeSpan.FromSeconds(30));
        Assert.True(first == completeArrived.Task, $"The upload ended before CompleteMultipartUpload: {terminal.Text}");
        string whileHeld = terminal.Text;
        await ctrlC.CancelAsync();
        CliRun run = await running;

        Assert.Contains("17.0 MiB sent, completing", whileHeld, StringComparison.Ordinal);
        Assert.Equal(130, run.ExitCode);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        Assert.Empty((await s3.ListMultipartUploadsAsync(bucket.Name)).MultipartUploads ?? []);
    }

    [Fact]
    public async Task Cp_StdinUnderARealTerminal_DrawsLiveFramesWithoutAShare()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string input = Path.Combine(_folder, "in.bin");
        await File.WriteAllBytesAsync(input, TestData.Bytes(Size, seed: 5));
        var environment = new Dictionary<string, string?>
        {
            ["TERM"] = "xterm-256color",
            ["AWS_ACCESS_KEY_ID"] = "test",
            ["AWS_SECRET_ACCESS_KEY"] = "test",
        };

        CliRun run = await CliProcess.RunInTerminalAsync(environment,
            $"cat '{input}' | s3tm cp - s3://{bucket.Name}/tty.bin --part-size 5MiB --endpoint {bucket.Endpoint} --path-style");

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("\u001b[", run.StdoutText, StringComparison.Ordinal);
        Assert.Contains("17.0 MiB sent, completing", run.StdoutText, StringComparison.Ordinal);
        Assert.Contains("17.0 MiB", run.StdoutText, StringComparison.Ordinal);
        Assert.DoesNotContain("%", run.StdoutText, StringComparison.Ordinal);
        Assert.Contains($"upload: - to s3://{bucket.Name}/tty.bin, 17.0 MiB", run.StdoutText, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
