using System.Text.Json.Nodes;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// What a copy took over from an earlier, interrupted run of the same command: in the JSON result (<c>resumedBytes</c>,
/// <c>transferredBytes</c>, <c>resumeRestarts</c>) and in the summary line, so a user sees that a re-run continued
/// rather than started over, and what it had to move again.
/// </summary>
internal static class ResumeReport
{
    public static void Add(JsonObject json, long resumedBytes, long transferredBytes, IReadOnlyList<string> restarts)
    {
        json["resumedBytes"] = resumedBytes;
        json["transferredBytes"] = transferredBytes;
        json["resumeRestarts"] = new JsonArray([.. restarts.Select(r => JsonValue.Create(r))]);
    }

    /// <summary>", resumed 15 MiB from an earlier run (10 MiB sent)", and why anything started over; empty when the
    /// copy resumed nothing and restarted nothing.</summary>
    public static string Summary(JsonObject json, bool up)
    {
        long resumed = (long?)json["resumedBytes"] ?? 0;
        JsonArray restarts = json["resumeRestarts"] as JsonArray ?? [];
        if (resumed == 0 && restarts.Count == 0)
        {
            return string.Empty;
        }

        string text = resumed > 0
            ? $", resumed {Units.FormatBytes(resumed)} from an earlier run ({Units.FormatBytes((long)json["transferredBytes"]!)} {(up ? "sent" : "fetched")})"
            : string.Empty;
        foreach (JsonNode? restart in restarts)
        {
            text += $", started over: {restart}";
        }

        return text;
    }
}
