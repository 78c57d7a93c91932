namespace S3TransferManager.Telemetry;

/// <summary>The values of <see cref="TelemetryTags.Outcome"/>: how a stall, a retry or a hedge ended.</summary>
internal static class Outcomes
{
    /// <summary>A stall whose request was sent again.</summary>
    public const string Retried = "retried";

    /// <summary>A stall on the last attempt allowed: the request failed.</summary>
    public const string GaveUp = "gave_up";

    /// <summary>A retry (or a hedge's original) that got the answer.</summary>
    public const string Succeeded = "succeeded";

    /// <summary>A retry that failed (an error answer, or a stall of its own).</summary>
    public const string Failed = "failed";

    /// <summary>A hedge that answered first: its answer was kept and the original canceled.</summary>
    public const string Won = "won";

    /// <summary>A hedge canceled because the original answered first.</summary>
    public const string Lost = "lost";

    /// <summary>A retry or hedge stopped because the transfer was.</summary>
    public const string Canceled = TelemetryTags.Canceled;
}
