using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// Writes a command's outcome: a human line, or with --json one JSON object. Both go to stdout, unless stdout carries
/// object data (cp to <c>-</c>, cat), in which case they go to stderr so the data stays byte-exact.
/// </summary>
internal static class ResultWriter
{
    // Relaxed escaping: ETags keep their quotes as \" rather than \u0022; the output is never embedded in HTML.
    private static readonly JsonSerializerOptions Options = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static string Serialize(JsonObject json) => json.ToJsonString(Options);

    public static void Write(CliConsole console, CliSettings settings, bool stdoutCarriesData, string summary, JsonObject json)
    {
        TextWriter writer = stdoutCarriesData ? console.Error : console.Text;
        if (settings.Json)
        {
            writer.WriteLine(Serialize(json));
        }
        else if (!settings.Quiet)
        {
            writer.WriteLine(summary);
        }

        writer.Flush();
    }
}
