using S3TransferManager.Cli.Tests.Credentials;

namespace S3TransferManager.Cli.Tests;

/// <summary>With no credentials anywhere, s3tm says in one line how to provide them; --debug shows what the SDK tried.
/// Run as a process with an environment of its own: no AWS variables, a home without ~/.aws, no instance metadata.</summary>
public sealed class CredentialsTests : IDisposable
{
    // Never contacted: without credentials, nothing is sent (and .invalid names resolve nowhere).
    private const string RemoteEndpoint = "https://s3.example.invalid";

    private readonly AwsHome _home = new();

    [Fact]
    public async Task Ls_NoCredentials_SaysHowToProvideThemInOneLine()
    {
        CliRun run = await CliProcess.RunAsync(_home.Environment(), "ls", "s3://bucket", "--endpoint", RemoteEndpoint);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal(
            "s3tm: no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE or --profile NAME for a profile in ~/.aws (--debug shows every source tried).",
            run.Stderr.TrimEnd('\n'));
    }

    [Fact]
    public async Task Ls_NoCredentialsWithDebug_ShowsEverySourceTried()
    {
        CliRun run = await CliProcess.RunAsync(_home.Environment(), "ls", "s3://bucket", "--endpoint", RemoteEndpoint, "--debug");

        Assert.Equal(2, run.ExitCode);
        Assert.StartsWith("s3tm: no AWS credentials found:", run.Stderr, StringComparison.Ordinal);
        Assert.Contains("AmazonClientException", run.Stderr, StringComparison.Ordinal);
        Assert.Contains("AWS_ACCESS_KEY_ID", run.Stderr.Split('\n', 2)[1], StringComparison.Ordinal);
    }

    public void Dispose() => _home.Dispose();
}
