using System.Text;

namespace S3TransferManager.Cli.Tests;

/// <summary>A terminal as a test sees it: everything written to it (Spectre's frames with their ANSI sequences), safe
/// to read while the display thread writes.</summary>
internal sealed class TerminalRecorder : TextWriter
{
    private readonly StringBuilder _text = new();
    private readonly Lock _gate = new();

    public override Encoding Encoding => Encoding.UTF8;

    public string Text
    {
        get
        {
            lock (_gate)
            {
                return _text.ToString();
            }
        }
    }

    public override void Write(char value)
    {
        lock (_gate)
        {
            _text.Append(value);
        }
    }

    public override void Write(string? value)
    {
        lock (_gate)
        {
            _text.Append(value);
        }
    }

    public override void Write(char[] buffer, int index, int count)
    {
        lock (_gate)
        {
            _text.Append(buffer, index, count);
        }
    }
}
