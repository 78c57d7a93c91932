namespace S3TransferManager.Cli.Tests;

public sealed class UsageTests
{
    [Fact]
    public async Task Cp_TwoLocalPaths_ExitsWithTwoAndExplains()
    {
        CliRun run = await CliRun.RunAsync("cp", "a.bin", "b.bin");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("exactly one s3://", run.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_UnknownCommand_ExitsWithTwoAndNamesIt()
    {
        CliRun run = await CliRun.RunAsync("frobnicate");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("'frobnicate'", run.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_BadPartSize_ExitsWithTwo()
    {
        CliRun run = await CliRun.RunAsync("cp", "a", "s3://b/k", "--part-size", "lots");

        Assert.Equal(2, run.ExitCode);
    }
}
