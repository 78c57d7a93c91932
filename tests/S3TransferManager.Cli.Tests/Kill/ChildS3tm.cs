using System.Diagnostics;
using System.Text.Json.Nodes;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// s3tm as a child process that the test kills with SIGKILL (no handler runs, nothing is cleaned up: a crash, an OOM
/// kill, a power cut of the process alone), or lets run to its end. It runs with .NET's advisory file locking off, so
/// the test can read the journals the child holds while it writes them; nothing else runs beside it that the locks
/// would keep out.
/// </summary>
internal sealed class ChildS3tm : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);
    private readonly Process _process;
    private readonly Task<string> _stdout;
    private readonly Task<string> _stderr;

    private ChildS3tm(Process process)
    {
        _process = process;
        _stdout = process.StandardOutput.ReadToEndAsync();
        _stderr = process.StandardError.ReadToEndAsync();
    }

    public bool HasExited => _process.HasExited;

    public static ChildS3tm Start(IEnumerable<string> args)
    {
        var start = new ProcessStartInfo(CliProcess.DotnetHost())
        {
            ArgumentList = { CliProcess.S3tmDll() },
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment["DOTNET_SYSTEM_IO_DISABLEFILELOCKING"] = "1";
        var process = Process.Start(start)!;
        process.StandardInput.Close();
        return new ChildS3tm(process);
    }

    /// <summary>SIGKILL, then waits for the process to be gone.</summary>
    public async Task KillAsync()
    {
        _process.Kill();
        await _process.WaitForExitAsync().WaitAsync(Limit);
    }

    /// <summary>Waits for the run to end; its exit code, its JSON result (stdout) and stderr.</summary>
    public async Task<(int ExitCode, JsonNode? Result, string Stderr)> WaitAsync()
    {
        await _process.WaitForExitAsync().WaitAsync(Limit);
        string stdout = await _stdout;
        return (_process.ExitCode, stdout.Length > 0 ? JsonNode.Parse(stdout) : null, await _stderr);
    }

    public async Task<string> StderrAsync()
    {
        await _process.WaitForExitAsync().WaitAsync(Limit);
        return await _stderr;
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill();
        }

        _process.Dispose();
    }
}
