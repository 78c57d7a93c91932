using System.Diagnostics;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>Runs a peer's program as a fresh process with its own environment and times it.</summary>
internal static class PeerProcess
{
    /// <summary>Runs <paramref name="program"/> and returns its wall time in milliseconds (start-up included); throws
    /// with its error output when it fails.</summary>
    public static async Task<double> RunAsync(string program, IEnumerable<string> arguments, IReadOnlyDictionary<string, string> environment)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // The CA bundle a shell may point AWS clients at plays no part over plain HTTP, and rclone refuses one it
        // cannot load into its transport.
        start.Environment.Remove("AWS_CA_BUNDLE");
        foreach ((string name, string value) in environment)
        {
            start.Environment[name] = value;
        }

        var watch = Stopwatch.StartNew();
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        string error = await process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        double elapsed = watch.Elapsed.TotalMilliseconds;
        await output;
        return process.ExitCode == 0
            ? elapsed
            : throw new InvalidOperationException($"{program} {string.Join(' ', arguments)} exited with {process.ExitCode}: {error}");
    }

    /// <summary>Whether <paramref name="program"/> exists and exits with 0.</summary>
    public static async Task<bool> SucceedsAsync(string program, params string[] arguments)
    {
        try
        {
            await RunAsync(program, arguments, new Dictionary<string, string>());
            return true;
        }
        catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            return false;
        }
    }
}
