using Spectre.Console;

namespace S3TransferManager.Cli;

/// <summary>
/// The process's standard streams, passed in rather than taken from <see cref="Console"/> so tests can run commands
/// in process with captured streams. Object data (cat, cp to <c>-</c>) goes to <see cref="Out"/> as raw bytes;
/// progress and errors always go to <see cref="Error"/>, so they never mix into piped data.
/// </summary>
internal sealed class CliConsole
{
    /// <param name="input">Stdin.</param>
    /// <param name="output">Stdout.</param>
    /// <param name="error">Stderr.</param>
    /// <param name="errorIsTerminal">Whether live progress bars can be drawn on <paramref name="error"/>.</param>
    /// <param name="errorAnsi">Whether the terminal takes ANSI sequences; detected from the environment by default
    /// (tests that capture the live display say yes).</param>
    /// <param name="time">The clock of the progress displays (tests give a fake one).</param>
    public CliConsole(Stream input, Stream output, TextWriter error, bool errorIsTerminal, AnsiSupport errorAnsi = AnsiSupport.Detect, TimeProvider? time = null)
    {
        Input = input;
        Out = output;
        Error = error;
        ErrorIsTerminal = errorIsTerminal;
        ErrorAnsi = errorAnsi;
        Time = time ?? TimeProvider.System;
        Text = new StreamWriter(output, new System.Text.UTF8Encoding(false), 4096, leaveOpen: true) { AutoFlush = true };
    }

    public Stream Input { get; }

    public Stream Out { get; }

    /// <summary>Text output (listings, summaries, JSON) written to <see cref="Out"/>.</summary>
    public TextWriter Text { get; }

    public TextWriter Error { get; }

    /// <summary>Whether live progress bars can be drawn on <see cref="Error"/>.</summary>
    public bool ErrorIsTerminal { get; }

    public AnsiSupport ErrorAnsi { get; }

    public TimeProvider Time { get; }

    public static CliConsole FromProcess() => new(
        Console.OpenStandardInput(),
        Console.OpenStandardOutput(),
        Console.Error,
        !Console.IsErrorRedirected);
}
