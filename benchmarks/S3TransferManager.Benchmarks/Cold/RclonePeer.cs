using System.Diagnostics;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// rclone as a peer: each transfer is one fresh rclone process, configured by environment variables only (a remote
/// named <c>bench</c> of type s3 pointed at the endpoint, path-style, and no config file), with 10 streams per
/// download (<c>--multi-thread-streams</c>) and 10 parts in flight per upload (<c>--s3-upload-concurrency</c>) in parts
/// of <see cref="BenchmarkSettings.PartSize"/>, as the other clients. When rclone is not on the PATH and apt-get is,
/// it is installed once; if that fails, the peer is skipped with a message.
/// </summary>
internal sealed class RclonePeer
{
    private readonly Uri _serviceUrl;

    private RclonePeer(Uri serviceUrl) => _serviceUrl = serviceUrl;

    /// <summary>The peer, or null (with the reason written out) when rclone is missing and cannot be installed.</summary>
    public static async Task<RclonePeer?> FindAsync(Uri serviceUrl)
    {
        if (await RunsAsync("rclone", "version") || (await RunsAsync("apt-get", "install -y -q rclone") && await RunsAsync("rclone", "version")))
        {
            return new RclonePeer(serviceUrl);
        }

        Console.WriteLine("rclone is not installed and could not be installed with apt-get: its rows are skipped.");
        return null;
    }

    /// <summary>How long rclone takes to start and exit doing nothing (<c>rclone version</c>), in milliseconds: the
    /// process start-up that its transfer times include and the other clients' times do not.</summary>
    public async Task<double> StartupAsync()
    {
        var watch = Stopwatch.StartNew();
        await RunAsync("version");
        return watch.Elapsed.TotalMilliseconds;
    }

    /// <summary>Runs one transfer in a fresh rclone process and returns its wall time in milliseconds, start-up included.</summary>
    /// <param name="scenario"><c>file</c> (download <paramref name="key"/> to <paramref name="path"/>) or
    /// <c>upload</c> (upload <paramref name="path"/>).</param>
    public async Task<double> TransferAsync(string scenario, string key, string path)
    {
        string remote = $"bench:{EndpointSession.Bucket}/";
        string arguments = scenario == "upload"
            ? $"copyto \"{path}\" {remote}cold/rclone-upload --s3-upload-concurrency {BenchmarkSettings.Concurrency} --s3-chunk-size {BenchmarkSettings.PartSize >> 20}M --s3-upload-cutoff 0"
            : $"copyto {remote}{key} \"{path}\" --multi-thread-streams {BenchmarkSettings.Concurrency}";
        var watch = Stopwatch.StartNew();
        await RunAsync(arguments);
        return watch.Elapsed.TotalMilliseconds;
    }

    private async Task RunAsync(string arguments)
    {
        var start = new ProcessStartInfo("rclone", arguments) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
        // Environment only: no config file is read, and the CA bundle a shell may point AWS clients at is not
        // applied to a plain-HTTP endpoint (rclone refuses one it cannot load into its transport).
        start.Environment["RCLONE_CONFIG"] = "/dev/null";
        start.Environment.Remove("AWS_CA_BUNDLE");
        start.Environment["RCLONE_CONFIG_BENCH_TYPE"] = "s3";
        start.Environment["RCLONE_CONFIG_BENCH_PROVIDER"] = "Other";
        start.Environment["RCLONE_CONFIG_BENCH_ACCESS_KEY_ID"] = "test";
        start.Environment["RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY"] = "test";
        start.Environment["RCLONE_CONFIG_BENCH_REGION"] = "us-east-1";
        start.Environment["RCLONE_CONFIG_BENCH_ENDPOINT"] = _serviceUrl.ToString();
        start.Environment["RCLONE_CONFIG_BENCH_FORCE_PATH_STYLE"] = "true";
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        string error = await process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        await output;
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"rclone {arguments} exited with {process.ExitCode}: {error}");
        }
    }

    private static async Task<bool> RunsAsync(string program, string arguments)
    {
        try
        {
            var start = new ProcessStartInfo(program, arguments) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
            using Process process = Process.Start(start)!;
            Task<string> output = process.StandardOutput.ReadToEndAsync();
            await process.StandardError.ReadToEndAsync();
            await process.WaitForExitAsync();
            await output;
            return process.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return false;
        }
    }
}
