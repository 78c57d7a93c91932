using System.Diagnostics;
using System.Globalization;

namespace S3TransferManager.Cli.Output;

/// <summary>Plain progress for logs: a line when a second has passed or another 10% is done.</summary>
internal sealed class LineProgress
{
    private static readonly TimeSpan Interval = TimeSpan.FromSeconds(1);
    private readonly TextWriter _writer;
    private readonly string _label;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly Lock _gate = new();
    private long _total;
    private long _done;
    private TimeSpan _lastLine;
    private int _lastDecile;

    public LineProgress(TextWriter writer, string label, long total)
    {
        _writer = writer;
        _label = label.TrimEnd();
        _total = total;
    }

    public void Report(long done, long total)
    {
        lock (_gate)
        {
            _done = done;
            if (total > 0)
            {
                _total = total;
            }

            int decile = _total > 0 ? (int)(done * 10 / _total) : 0;
            TimeSpan now = _clock.Elapsed;
            if (decile > _lastDecile || now - _lastLine >= Interval)
            {
                _lastDecile = decile;
                _lastLine = now;
                _writer.WriteLine(Line(now));
            }
        }
    }

    public void Finish()
    {
        lock (_gate)
        {
            _writer.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"{_label}: done, {Units.FormatBytes(_done)} in {_clock.Elapsed.TotalSeconds:0.0} s ({Units.FormatRate(_done, _clock.Elapsed)})"));
        }
    }

    private string Line(TimeSpan now)
    {
        string rate = Units.FormatRate(_done, now);
        return _total > 0
            ? string.Create(CultureInfo.InvariantCulture,
                $"{_label}: {_done * 100 / _total,3}% {Units.FormatBytes(_done)} of {Units.FormatBytes(_total)}, {rate}")
            : $"{_label}: {Units.FormatBytes(_done)}, {rate}";
    }
}
