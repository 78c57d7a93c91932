using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// rclone, configured by environment variables only (a remote named <c>bench</c> of type s3 pointed at the endpoint,
/// path-style, and no config file), with 10 streams per download (<c>--multi-thread-streams</c>) and 10 parts in
/// flight per upload (<c>--s3-upload-concurrency</c>). Uploads pass <c>--ignore-times</c>: each run uploads again, where
/// rclone would otherwise find the earlier run's object and update its modification time with a server-side copy, which
/// the endpoint does not implement. When rclone is not on the PATH and apt-get is, it is installed
/// once; if that fails, the peer is skipped with a message.
/// </summary>
internal sealed class RclonePeer : IPeer
{
    private readonly Dictionary<string, string> _environment;

    private RclonePeer(Uri serviceUrl) => _environment = new Dictionary<string, string>
    {
        ["RCLONE_CONFIG"] = "/dev/null",
        ["RCLONE_CONFIG_BENCH_TYPE"] = "s3",
        ["RCLONE_CONFIG_BENCH_PROVIDER"] = "Other",
        ["RCLONE_CONFIG_BENCH_ACCESS_KEY_ID"] = "test",
        ["RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY"] = "test",
        ["RCLONE_CONFIG_BENCH_REGION"] = "us-east-1",
        ["RCLONE_CONFIG_BENCH_ENDPOINT"] = serviceUrl.ToString(),
        ["RCLONE_CONFIG_BENCH_FORCE_PATH_STYLE"] = "true",
    };

    public string Name => "rclone";

    /// <summary>The peer, or null (with the reason written out) when rclone is missing and cannot be installed.</summary>
    public static async Task<RclonePeer?> FindAsync(Uri serviceUrl)
    {
        if (await PeerProcess.SucceedsAsync("rclone", "version")
            || (await PeerProcess.SucceedsAsync("apt-get", "install", "-y", "-q", "rclone") && await PeerProcess.SucceedsAsync("rclone", "version")))
        {
            return new RclonePeer(serviceUrl);
        }

        Console.WriteLine("rclone is not installed and could not be installed with apt-get: its rows are skipped.");
        return null;
    }

    public Task<double> StartupAsync() => PeerProcess.RunAsync("rclone", ["version"], _environment);

    public Task<double> DownloadAsync(string key, string path) => PeerProcess.RunAsync("rclone",
        ["copyto", Remote + key, path, "--multi-thread-streams", $"{BenchmarkSettings.Concurrency}"], _environment);

    public Task<double> UploadAsync(string path, string key) => PeerProcess.RunAsync("rclone",
        ["copyto", path, Remote + key, .. UploadOptions, "--s3-upload-cutoff", "0", "--ignore-times"], _environment);

    /// <summary><c>rclone rcat</c>: a stream of unknown length goes up in parts of the chunk size.</summary>
    public Task<double> UploadStdinAsync(string key, long size) =>
        PeerProcess.RunAsync("rclone", ["rcat", Remote + key, .. UploadOptions], _environment, stdinZeros: size);

    private static string Remote => $"bench:{EndpointSession.Bucket}/";

    private static string[] UploadOptions =>
        ["--s3-upload-concurrency", $"{BenchmarkSettings.Concurrency}", "--s3-chunk-size", $"{BenchmarkSettings.PartSize >> 20}M"];
}
