namespace S3TransferManager.Cli.Tests;

/// <summary>With no credentials anywhere, s3tm says in one line how to provide them; --debug shows what the SDK tried.
/// Run as a process with an environment of its own: no AWS variables, a home without ~/.aws, no instance metadata.</summary>
public sealed class CredentialsTests : IDisposable
{
    // Never contacted: without credentials, nothing is sent (and .invalid names resolve nowhere).
    private const string RemoteEndpoint = "https://s3.example.invalid";

    private readonly string _home = Directory.CreateTempSubdirectory("s3tm-home-").FullName;

    [Fact]
    public async Task Ls_NoCredentials_SaysHowToProvideThemInOneLine()
    {
        CliRun run = await CliProcess.RunAsync(Environment(), "ls", "s3://bucket", "--endpoint", RemoteEndpoint);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal(
            "s3tm: no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE or --profile NAME for a profile in ~/.aws (--debug shows every source tried).",
            run.Stderr.TrimEnd('\n'));
    }

    [Fact]
    public async Task Ls_NoCredentialsWithDebug_ShowsEverySourceTried()
    {
        CliRun run = await CliProcess.RunAsync(Environment(), "ls", "s3://bucket", "--endpoint", RemoteEndpoint, "--debug");

        Assert.Equal(2, run.ExitCode);
        Assert.StartsWith("s3tm: no AWS credentials found:", run.Stderr, StringComparison.Ordinal);
        Assert.Contains("AmazonClientException", run.Stderr, StringComparison.Ordinal);
        Assert.Contains("AWS_ACCESS_KEY_ID", run.Stderr.Split('\n', 2)[1], StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_home, recursive: true);

    private Dictionary<string, string?> Environment()
    {
        var environment = new Dictionary<string, string?>
        {
            ["HOME"] = _home,
            ["AWS_EC2_METADATA_DISABLED"] = "true",
            ["AWS_SHARED_CREDENTIALS_FILE"] = Path.Combine(_home, "no-credentials"),
            ["AWS_CONFIG_FILE"] = Path.Combine(_home, "no-config"),
        };
        foreach (string name in System.Environment.GetEnvironmentVariables().Keys.Cast<string>()
            .Where(name => name.StartsWith("AWS_", StringComparison.Ordinal) && !environment.ContainsKey(name)))
        {
            environment[name] = null;
        }

        return environment;
    }
}
