using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// The AWS CLI's <c>aws s3 cp</c> (s3transfer), with credentials from the environment and a config file of its own
/// (10 concurrent requests, parts of 8 MiB, path-style), so nothing in the user's ~/.aws applies. Skipped with a
/// message when <c>aws</c> is not on the PATH.
/// </summary>
internal sealed class AwsCliPeer : IPeer
{
    private readonly string _endpoint;
    private readonly Dictionary<string, string> _environment;

    private AwsCliPeer(Uri serviceUrl, string configFile)
    {
        _endpoint = serviceUrl.ToString();
        _environment = new Dictionary<string, string>
        {
            ["AWS_ACCESS_KEY_ID"] = "test",
            ["AWS_SECRET_ACCESS_KEY"] = "test",
            ["AWS_DEFAULT_REGION"] = "us-east-1",
            ["AWS_CONFIG_FILE"] = configFile,
            ["AWS_SHARED_CREDENTIALS_FILE"] = "/dev/null",
        };
    }

    public string Name => "aws-cli";

    /// <summary>The peer, or null (with the reason written out) when the AWS CLI is not installed.</summary>
    /// <param name="serviceUrl">The endpoint.</param>
    /// <param name="folder">Where its config file is written.</param>
    public static async Task<AwsCliPeer?> FindAsync(Uri serviceUrl, string folder)
    {
        if (!await PeerProcess.SucceedsAsync("aws", "--version"))
        {
            Console.WriteLine("The AWS CLI (aws) is not installed: its rows are skipped.");
            return null;
        }

        string configFile = Path.Combine(folder, "aws-cli.config");
        await File.WriteAllTextAsync(configFile, $"""
            [default]
            s3 =
              max_concurrent_requests = {BenchmarkSettings.Concurrency}
              multipart_chunksize = {BenchmarkSettings.PartSize >> 20}MB
              multipart_threshold = {BenchmarkSettings.PartSize >> 20}MB
              addressing_style = path

            """);
        return new AwsCliPeer(serviceUrl, configFile);
    }

    public Task<double> StartupAsync() => PeerProcess.RunAsync("aws", ["--version"], _environment);

    public Task<double> DownloadAsync(string key, string path) => Cp(Remote + key, path);

    public Task<double> UploadAsync(string path, string key) => Cp(path, Remote + key);

    /// <summary><c>aws s3 cp - s3://...</c>: reads standard input to its end, in parts of the chunk size.</summary>
    public Task<double> UploadStdinAsync(string key, long size) => Cp("-", Remote + key, size);

    private static string Remote => $"s3://{EndpointSession.Bucket}/";

    private Task<double> Cp(string from, string to, long stdinZeros = 0) =>
        PeerProcess.RunAsync("aws", ["s3", "cp", from, to, "--endpoint-url", _endpoint, "--no-progress"], _environment, stdinZeros);
}
