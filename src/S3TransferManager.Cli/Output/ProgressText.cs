using System.Globalization;

namespace S3TransferManager.Cli.Output;

/// <summary>The words of a progress display, for the live bar's status column and the plain lines alike.</summary>
internal static class ProgressText
{
    /// <summary>What the live display shows after its bar: a share, speed and time left only when they are true.</summary>
    public static string Status(ProgressSnapshot s) => s.Phase switch
    {
        ProgressPhase.Completing => $"{Units.FormatBytes(s.Done)} sent, completing {Clock(s.Elapsed)}",
        ProgressPhase.Done => $"{Units.FormatBytes(s.Done)} {Rate(s)} {Clock(s.Elapsed)} done",
        _ when s.ShowsShare => string.Create(CultureInfo.InvariantCulture,
            $"{s.Percent,3}% {Units.FormatBytes(s.Done)}/{Units.FormatBytes(s.Total)} {Rate(s)} {Clock(s.Elapsed)}{Left(s)}"),
        _ => $"{Units.FormatBytes(s.Done)} {Rate(s)} {Clock(s.Elapsed)}",
    };

    /// <summary>One plain line (logs, CI): the same facts as <see cref="Status"/>, as a sentence.</summary>
    public static string Line(string label, ProgressSnapshot s) => s.Phase switch
    {
        ProgressPhase.Completing => $"{label}: all {Units.FormatBytes(s.Done)} sent, completing",
        ProgressPhase.Done => string.Create(CultureInfo.InvariantCulture,
            $"{label}: done, {Units.FormatBytes(s.Done)} in {s.Elapsed.TotalSeconds:0.0} s ({Rate(s)})"),
        _ when s.ShowsShare => string.Create(CultureInfo.InvariantCulture,
            $"{label}: {s.Percent,3}% {Units.FormatBytes(s.Done)} of {Units.FormatBytes(s.Total)}, {Rate(s)}"),
        _ => $"{label}: {Units.FormatBytes(s.Done)}, {Rate(s)}",
    };

    private static string Rate(ProgressSnapshot s) => Units.FormatBytes(s.BytesPerSecond) + "/s";

    private static string Left(ProgressSnapshot s) => s.Remaining is { } left ? $" ETA {Clock(left)}" : string.Empty;

    /// <summary>Minutes and seconds, with hours in front from the first hour on: short enough for an 80-column line.</summary>
    private static string Clock(TimeSpan time) => time.ToString(time >= TimeSpan.FromHours(1) ? @"h\:mm\:ss" : @"mm\:ss", CultureInfo.InvariantCulture);
}
