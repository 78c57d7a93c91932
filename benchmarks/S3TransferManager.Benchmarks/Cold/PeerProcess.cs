using S3TransferManager.Benchmarks.Infrastructure;
using System.Diagnostics;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>Runs a peer's program as a fresh process with its own environment and times it.</summary>
internal static class PeerProcess
{
    /// <summary>Runs <paramref name="program"/> and returns its wall time in milliseconds (start-up included); throws
    /// with its error output when it fails.</summary>
    /// <param name="program">The program.</param>
    /// <param name="arguments">Its arguments.</param>
    /// <param name="environment">Variables set for it.</param>
    /// <param name="stdinZeros">When above zero, its standard input is a pipe this many zero bytes are written into,
    /// then closed.</param>
    public static async Task<double> RunAsync(string program, IEnumerable<string> arguments, IReadOnlyDictionary<string, string> environment,
        long stdinZeros = 0)
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardError = true, RedirectStandardOutput = true, RedirectStandardInput = stdinZeros > 0, UseShellExecute = false,
        };
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
        Task pumped = stdinZeros > 0 ? PumpZerosAsync(process.StandardInput.BaseStream, stdinZeros) : Task.CompletedTask;
        string error = await process.StandardError.ReadToEndAsync();
        await pumped;
        await process.WaitForExitAsync();
        double elapsed = watch.Elapsed.TotalMilliseconds;
        await output;
        return process.ExitCode == 0
            ? elapsed
            : throw new InvalidOperationException($"{program} {string.Join(' ', arguments)} exited with {process.ExitCode}: {error}");
    }

    /// <summary>Writes <paramref name="size"/> zero bytes into a child's standard input, then closes it (its end of
    /// input). A child that exits early breaks the pipe: what it did is judged by its exit code and output.</summary>
    public static async Task PumpZerosAsync(Stream stdin, long size)
    {
        byte[] zeros = new byte[BenchmarkSettings.ReadBufferSize];
        try
        {
            for (long written = 0; written < size; written += zeros.Length)
            {
                await stdin.WriteAsync(zeros.AsMemory(0, (int)Math.Min(zeros.Length, size - written)));
            }
        }
        catch (IOException)
        {
            // The child closed its end.
        }
        finally
        {
            try
            {
                await stdin.DisposeAsync();
            }
            catch (IOException)
            {
                // Closing a broken pipe.
            }
        }
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
