namespace S3TransferManager.Cli.Output;

/// <summary>What a display draws at one moment (see <see cref="TransferProgress.Snapshot"/>).</summary>
/// <param name="Phase">Where the transfer is.</param>
/// <param name="Done">Bytes moved so far.</param>
/// <param name="Total">The whole length, or -1 while unknown.</param>
/// <param name="ShowsShare">Whether a percentage and a time left would be true (the total is final).</param>
/// <param name="BytesPerSecond">Over the last few seconds while moving; the average over the whole transfer once done.</param>
/// <param name="Elapsed">Since the display started, up to the end once done.</param>
internal readonly record struct ProgressSnapshot(ProgressPhase Phase, long Done, long Total, bool ShowsShare, double BytesPerSecond, TimeSpan Elapsed)
{
    /// <summary>The time left at the current speed, or null when it would be a guess (no share, no speed).</summary>
    public TimeSpan? Remaining => ShowsShare && Phase == ProgressPhase.Sending && BytesPerSecond > 0 && Total >= Done
        ? TimeSpan.FromSeconds(Math.Ceiling((Total - Done) / BytesPerSecond))
        : null;

    public int Percent => Total > 0 ? (int)(Math.Min(Done, Total) * 100 / Total) : 100;
}
