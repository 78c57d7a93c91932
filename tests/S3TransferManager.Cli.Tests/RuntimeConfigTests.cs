using System.Text.Json;

namespace S3TransferManager.Cli.Tests;

/// <summary>The runtime settings the built tool starts with (its s3tm.runtimeconfig.json), which its start-up and
/// per-object CPU depend on.</summary>
public sealed class RuntimeConfigTests
{
    [Fact]
    public void Tool_StartsWithDynamicPgoOff_AndInvariantGlobalization()
    {
        string path = Path.ChangeExtension(CliProcess.S3tmDll(), ".runtimeconfig.json");
        using JsonDocument config = JsonDocument.Parse(File.ReadAllText(path));
        JsonElement properties = config.RootElement.GetProperty("runtimeOptions").GetProperty("configProperties");

        Assert.False(properties.GetProperty("System.Runtime.TieredPGO").GetBoolean());
        Assert.True(properties.GetProperty("System.Globalization.Invariant").GetBoolean());
    }
}
