namespace S3TransferManager.Cli.Tests;

public sealed class CancellationTests
{
    [Fact]
    public async Task Demo_Cancelled_ExitsWith130()
    {
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();

        CliRun run = await CliRun.RunAsync(null, cancelled.Token, "demo", "--size", "8MiB");

        Assert.Equal(130, run.ExitCode);
        Assert.Contains("cancelled", run.Stderr, StringComparison.Ordinal);
    }
}
