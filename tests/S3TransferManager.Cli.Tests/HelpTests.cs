namespace S3TransferManager.Cli.Tests;

/// <summary>--help shows defaults as a user would write them.</summary>
public sealed class HelpTests
{
    [Fact]
    public async Task Help_Concurrency_ShowsItAsAutomatic()
    {
        CliRun run = await CliRun.RunAsync("cp", "--help");

        Assert.Contains("default: automatic", OptionLine(run, "--concurrency"), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Help_AbortUploads_ShowsTheDefaultAgeAs7d()
    {
        CliRun run = await CliRun.RunAsync("abort-uploads", "--help");

        Assert.EndsWith("[default: 7d]", OptionLine(run, "--older-than"), StringComparison.Ordinal);
    }

    private static string OptionLine(CliRun run, string option) =>
        run.StdoutText.Split('\n').Single(line => line.TrimStart().StartsWith(option, StringComparison.Ordinal)).TrimEnd();
}
