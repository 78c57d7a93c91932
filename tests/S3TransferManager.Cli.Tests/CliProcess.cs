using System.Diagnostics;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// s3tm as a separate process (the built s3tm.dll beside the tests, run by the same dotnet), for what only a real process
/// shows: its environment, its exit code from Main, and a terminal. Bounded: a run that outlives the limit is killed.
/// </summary>
internal static class CliProcess
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    /// <param name="environment">Variables to set; a null value removes the variable.</param>
    /// <param name="args">s3tm's arguments.</param>
    public static Task<CliRun> RunAsync(IReadOnlyDictionary<string, string?> environment, params string[] args)
    {
        var start = new ProcessStartInfo(DotnetHost()) { ArgumentList = { S3tmDll() } };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        return RunAsync(start, environment);
    }

    /// <summary>Runs <paramref name="shellCommand"/> (in which <c>s3tm</c> names the built tool) under a pseudo-terminal
    /// made by util-linux's <c>script</c>, and returns what the terminal showed as stdout.</summary>
    public static Task<CliRun> RunInTerminalAsync(IReadOnlyDictionary<string, string?> environment, string shellCommand)
    {
        string s3tm = $"'{DotnetHost()}' '{S3tmDll()}'";
        var start = new ProcessStartInfo("script")
        {
            ArgumentList = { "--quiet", "--return", "--command", shellCommand.Replace("s3tm ", s3tm + " ", StringComparison.Ordinal), "/dev/null" },
        };
        return RunAsync(start, environment);
    }

    public static string S3tmDll() => Path.Combine(AppContext.BaseDirectory, "s3tm.dll");

    public static string DotnetHost() =>
        Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet";

    private static async Task<CliRun> RunAsync(ProcessStartInfo start, IReadOnlyDictionary<string, string?> environment)
    {
        start.RedirectStandardInput = true;
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        foreach ((string name, string? value) in environment)
        {
            if (value is null)
            {
                start.Environment.Remove(name);
            }
            else
            {
                start.Environment[name] = value;
            }
        }

        using Process process = Process.Start(start)!;
        process.StandardInput.Close();
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        using var limit = new CancellationTokenSource(Limit);
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{start.FileName} {string.Join(' ', start.ArgumentList)} ran longer than {Limit}.");
        }

        return new CliRun(process.ExitCode, System.Text.Encoding.UTF8.GetBytes(await stdout), await stderr);
    }
}
