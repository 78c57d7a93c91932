using System.Text.Json;

namespace S3TransferManager.Cli.Tests;

public sealed class DemoCommandTests
{
    [Fact]
    public async Task Demo_EmbeddedEndpoint_PassesAllThreeSteps()
    {
        CliRun run = await CliRun.RunAsync("demo", "--size", "8MiB", "--json");

        Assert.Equal(0, run.ExitCode);
        using JsonDocument json = JsonDocument.Parse(run.Stdout);
        string[] steps = [.. json.RootElement.GetProperty("steps").EnumerateArray().Select(s => s.GetProperty("step").GetString()!)];
        Assert.Equal(["generate", "upload", "download", "stream"], steps);
    }
}
