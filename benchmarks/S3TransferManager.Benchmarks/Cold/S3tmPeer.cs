using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// This library's own command, <c>s3tm cp</c>, as a user runs it: a fresh process per transfer, start-up included, as
/// the other programs (rclone, the AWS CLI) are timed. It runs with its defaults (the automatic request budget, parts
/// of 8 MiB, resume journal kept in the run's folder and deleted when the copy completes), quiet. The program is the
/// one named by <c>S3TM_TOOL</c>, else <c>s3tm</c> on the PATH, else <c>~/.dotnet/tools/s3tm</c> (where
/// <c>eng/install-s3tm.sh</c> puts it, compiled ahead of time with its runtime); when none runs, the rows are skipped
/// with a message: installing it takes minutes, which a benchmark run should not do unasked.
/// </summary>
internal sealed class S3tmPeer : IPeer
{
    private readonly string _program;
    private readonly string _endpoint;
    private readonly string _journals;
    private readonly Dictionary<string, string> _environment = new()
    {
        ["AWS_ACCESS_KEY_ID"] = "test",
        ["AWS_SECRET_ACCESS_KEY"] = "test",
        ["AWS_REGION"] = "us-east-1",
        ["AWS_CONFIG_FILE"] = "/dev/null",
        ["AWS_SHARED_CREDENTIALS_FILE"] = "/dev/null",
    };

    private S3tmPeer(string program, Uri serviceUrl, string folder)
    {
        _program = program;
        _endpoint = serviceUrl.ToString();
        _journals = Path.Combine(folder, "s3tm-journals");
    }

    public string Name => "s3tm";

    /// <summary>The peer, or null (with the reason written out) when no s3tm program runs.</summary>
    /// <param name="serviceUrl">The endpoint.</param>
    /// <param name="folder">Where its resume journals go.</param>
    public static async Task<S3tmPeer?> FindAsync(Uri serviceUrl, string folder)
    {
        string home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
        string?[] candidates = [Environment.GetEnvironmentVariable("S3TM_TOOL"), "s3tm", Path.Combine(home, ".dotnet", "tools", "s3tm")];
        foreach (string? candidate in candidates)
        {
            if (!string.IsNullOrEmpty(candidate) && await PeerProcess.SucceedsAsync(candidate, "--version"))
            {
                return new S3tmPeer(candidate, serviceUrl, folder);
            }
        }

        Console.WriteLine("s3tm is not installed (eng/install-s3tm.sh, or S3TM_TOOL=path): its rows are skipped.");
        return null;
    }

    public Task<double> StartupAsync() => PeerProcess.RunAsync(_program, ["--version"], _environment);

    public Task<double> DownloadAsync(string key, string path) => Cp(Remote + key, path);

    public Task<double> UploadAsync(string path, string key) => Cp(path, Remote + key);

    /// <summary><c>s3tm cp - s3://...</c>: standard input uploaded as it is read, its length unknown.</summary>
    public Task<double> UploadStdinAsync(string key, long size) => Cp("-", Remote + key, size);

    private static string Remote => $"s3://{EndpointSession.Bucket}/";

    private Task<double> Cp(string from, string to, long stdinZeros = 0) => PeerProcess.RunAsync(_program,
        ["cp", from, to, "--endpoint", _endpoint, "--path-style", "--journal-folder", _journals, "--quiet"], _environment, stdinZeros);
}
