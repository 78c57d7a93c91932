namespace S3TransferManager.Cli.Tests;

/// <summary>--help shows defaults as a user would write them, and says where an option differs from the AWS CLI's.</summary>
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

    [Theory]
    [InlineData("cp", "Unlike the AWS CLI, it prints one summary line, not a line per object")]
    [InlineData("cp", "Upload checksum algorithm (the AWS CLI's --checksum-algorithm)")]
    [InlineData("rb", "not earlier versions, as with the AWS CLI")]
    public async Task Help_WhereTheAwsCliDiffers_SaysSo(string command, string text)
    {
        CliRun run = await CliRun.RunAsync(command, "--help");

        // The help wraps its columns: compare with every run of spaces and line breaks as one space.
        Assert.Contains(text, string.Join(' ', run.StdoutText.Split([' ', '\n'], StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
    }

    private static string OptionLine(CliRun run, string option) =>
        run.StdoutText.Split('\n').Single(line => line.TrimStart().StartsWith(option, StringComparison.Ordinal)).TrimEnd();
}
