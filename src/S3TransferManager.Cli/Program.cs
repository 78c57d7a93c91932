namespace S3TransferManager.Cli;

internal static class Program
{
    private static Task<int> Main(string[] args) => CliApp.RunAsync(args, CliConsole.FromProcess(), handleCtrlC: true);
}
