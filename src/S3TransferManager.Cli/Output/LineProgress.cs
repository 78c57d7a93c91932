namespace S3TransferManager.Cli.Output;

/// <summary>Plain progress for logs and pipes: a line at the first report, then when a second has passed or another 10%
/// is done (with a share), one when an upload starts completing, and one at the end.</summary>
internal sealed class LineProgress
{
    private static readonly TimeSpan Interval = TimeSpan.FromSeconds(1);
    private readonly TextWriter _writer;
    private readonly string _label;
    private readonly TransferProgress _progress;
    private readonly TimeProvider _time;
    private readonly Lock _gate = new();
    private long _lastLine;
    private int _lastDecile;

    private LineProgress(TextWriter writer, string label, TransferProgress progress, TimeProvider time)
    {
        _writer = writer;
        _label = label.TrimEnd();
        _progress = progress;
        _time = time;
        _lastLine = time.GetTimestamp();
    }

    /// <summary>Writes <paramref name="progress"/>'s lines to <paramref name="writer"/> from now on.</summary>
    public static void Attach(TextWriter writer, string label, TransferProgress progress, TimeProvider time) =>
        progress.Changed = new LineProgress(writer, label, progress, time).Changed;

    private void Changed(bool showNow)
    {
        ProgressSnapshot s = _progress.Snapshot();
        lock (_gate)
        {
            int decile = s.ShowsShare ? s.Percent / 10 : 0;
            if (showNow || decile > _lastDecile || _time.GetElapsedTime(_lastLine) >= Interval)
            {
                _lastDecile = decile;
                _lastLine = _time.GetTimestamp();
                _writer.WriteLine(ProgressText.Line(_label, s));
            }
        }
    }
}
