namespace S3TransferManager.Cli;

internal static class Program
{
    private static Task<int> Main(string[] args) => Task.FromResult(0);
}
