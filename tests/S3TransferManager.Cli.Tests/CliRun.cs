using Spectre.Console;

namespace S3TransferManager.Cli.Tests;

/// <summary>One in-process run of s3tm with captured streams.</summary>
internal sealed record CliRun(int ExitCode, byte[] Stdout, string Stderr)
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    public string StdoutText => System.Text.Encoding.UTF8.GetString(Stdout);

    public static Task<CliRun> RunAsync(params string[] args) => RunAsync(null, args);

    public static Task<CliRun> RunAsync(Stream? stdin, params string[] args) => RunAsync(stdin, CancellationToken.None, args);

    public static async Task<CliRun> RunAsync(Stream? stdin, CancellationToken token, params string[] args)
    {
        using var error = new StringWriter();
        (int code, byte[] stdout) = await RunAsync(stdin, error, errorIsTerminal: false, token, args);
        return new CliRun(code, stdout, error.ToString());
    }

    /// <summary>A run whose stderr is a terminal that takes ANSI sequences, so the live display draws on
    /// <paramref name="terminal"/>, which the test may read while the command runs.</summary>
    public static async Task<CliRun> RunOnTerminalAsync(Stream? stdin, TerminalRecorder terminal, CancellationToken token, params string[] args)
    {
        (int code, byte[] stdout) = await RunAsync(stdin, terminal, errorIsTerminal: true, token, args);
        return new CliRun(code, stdout, terminal.Text);
    }

    private static async Task<(int Code, byte[] Stdout)> RunAsync(Stream? stdin, TextWriter error, bool errorIsTerminal, CancellationToken token, string[] args)
    {
        using var output = new MemoryStream();
        var console = new CliConsole(stdin ?? Stream.Null, output, error, errorIsTerminal, AnsiSupport.Yes);
        int code = await CliApp.RunAsync(args, console, handleCtrlC: false, token).WaitAsync(Limit);
        return (code, output.ToArray());
    }
}
