using System.Text.Json;
using System.Text.Json.Nodes;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// Writes a command's outcome: a human line, or with --json one JSON object. Both go to stdout, unless stdout carries
/// object data (cp to <c>-</c>, cat), in which case they go to stderr so the data stays byte-exact.
/// </summary>
internal static class ResultWriter
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = false };

    public static void Write(CliConsole console, CliSettings settings, bool stdoutCarriesData, string summary, JsonObject json)
    {
        TextWriter writer = stdoutCarriesData ? console.Error : console.Text;
        if (settings.Json)
        {
            writer.WriteLine(json.ToJsonString(Indented));
        }
        else if (!settings.Quiet)
        {
            writer.WriteLine(summary);
        }

        writer.Flush();
    }
}
