namespace S3TransferManager.Cli.Tests;

/// <summary>One in-process run of s3tm with captured streams.</summary>
internal sealed record CliRun(int ExitCode, byte[] Stdout, string Stderr)
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    public string StdoutText => System.Text.Encoding.UTF8.GetString(Stdout);

    public static Task<CliRun> RunAsync(Stream? stdin, params string[] args) => RunAsync(stdin, CancellationToken.None, args);

    public static async Task<CliRun> RunAsync(Stream? stdin, CancellationToken token, params string[] args)
    {
        using var output = new MemoryStream();
        using var error = new StringWriter();
        var console = new CliConsole(stdin ?? Stream.Null, output, error, errorIsTerminal: false);
        int code = await CliApp.RunAsync(args, console, handleCtrlC: false, token).WaitAsync(Limit);
        return new CliRun(code, output.ToArray(), error.ToString());
    }

    public static Task<CliRun> RunAsync(params string[] args) => RunAsync(null, args);
}
