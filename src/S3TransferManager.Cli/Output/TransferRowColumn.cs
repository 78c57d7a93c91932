using Spectre.Console;
using Spectre.Console.Rendering;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// The live display's row: label, bar and status (<see cref="ProgressText.Status"/>), laid out here for the terminal's
/// width so the status is never wrapped or cut: the bar takes what is left (at most 40 cells), and a label too long for
/// the line loses its middle. The status is drawn from the transfer's own state, not Spectre's task, which caps a value
/// at its maximum and so cannot show an unknown total.
/// </summary>
internal sealed class TransferRowColumn(string label, TransferProgress progress) : ProgressColumn
{
    private const int MaxBar = 40;
    private const int MinBar = 10;

    // Spectre's bar, drawn at the width chosen per frame (frames are drawn one at a time, under Spectre's lock).
    private readonly ProgressBarColumn _bar = new();

    /// <summary>Cells left for the spinner column and the padding before it.</summary>
    public const int SpinnerCells = 2;

    protected override bool NoWrap => true;

    public override IRenderable Render(RenderOptions options, ProgressTask task, TimeSpan deltaTime)
    {
        string status = ProgressText.Status(progress.Snapshot());
        int room = Math.Max(0, options.ConsoleSize.Width - SpinnerCells - status.Length - 2);
        string shown = Fit(label, Math.Max(room - MinBar - 1, Math.Min(label.Length, 16)));
        int bar = Math.Clamp(room - shown.Length - 1, 0, MaxBar);
        var row = new Grid();
        row.AddColumn(new GridColumn().NoWrap().PadRight(1));
        if (bar > 0)
        {
            row.AddColumn(new GridColumn().Width(bar).NoWrap().PadRight(1));
        }

        row.AddColumn(new GridColumn().NoWrap().PadRight(0));
        var text = new Text(status) { Overflow = Overflow.Ellipsis };
        if (bar > 0)
        {
            _bar.Width = bar;
            row.AddRow(new Text(shown), _bar.Render(options, task, deltaTime), text);
        }
        else
        {
            row.AddRow(new Text(shown), text);
        }

        return row;
    }

    /// <summary><paramref name="text"/> in at most <paramref name="width"/> cells, its middle replaced by an ellipsis
    /// when it is longer (the command and the key's last part stay readable).</summary>
    public static string Fit(string text, int width)
    {
        if (text.Length <= width)
        {
            return text;
        }

        if (width <= 1)
        {
            return "…";
        }

        int head = (width - 1) / 3;
        return string.Concat(text.AsSpan(0, head), "…", text.AsSpan(text.Length - (width - 1 - head)));
    }
}
