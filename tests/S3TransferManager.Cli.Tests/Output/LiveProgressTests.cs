using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Cli.Output;
using Spectre.Console;

namespace S3TransferManager.Cli.Tests.Output;

/// <summary>
/// The live display as Spectre.Console draws it on a terminal that takes ANSI sequences (the frames recorded with their
/// escape codes). A phase change is drawn at once, so each state is checked right after the report that starts it.
/// The uploads are of 20 and 40 MiB, above the 16 MiB from which the library uploads in parts, so they complete.
/// </summary>
public sealed class LiveProgressTests
{
    private const long MiB = 1024 * 1024;
    private readonly FakeTimeProvider _time = new();
    private readonly TerminalRecorder _terminal = new();

    [Fact]
    public async Task RunAsync_UploadOfUnknownLength_DrawsBytesSpeedElapsedThenCompletingThenDone()
    {
        string sending = string.Empty;
        string completing = string.Empty;

        await ProgressDisplay.RunAsync(Console(), Settings(), ProgressKind.Upload, "upload s3://b/k", -1, progress =>
        {
            _time.Advance(TimeSpan.FromSeconds(2));
            progress.Report(16 * MiB, -1);
            sending = _terminal.Text;
            progress.SourceEnded(20 * MiB);
            progress.Report(20 * MiB, 20 * MiB);
            completing = _terminal.Text[sending.Length..];
            return Task.FromResult(0);
        });

        string done = _terminal.Text[(sending.Length + completing.Length)..];
        Assert.Contains("16.0 MiB 8.0 MiB/s 00:02", sending, StringComparison.Ordinal);
        Assert.Contains("20.0 MiB sent, completing 00:02", completing, StringComparison.Ordinal);
        Assert.Contains("20.0 MiB 10.0 MiB/s 00:02 done", done, StringComparison.Ordinal);
        Assert.DoesNotContain("%", _terminal.Text, StringComparison.Ordinal);
        Assert.DoesNotContain("ETA", _terminal.Text, StringComparison.Ordinal);
        Assert.Contains("\u001b[", _terminal.Text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_UploadOfKnownLength_DrawsShareAndTimeLeftWhileSending()
    {
        string sending = string.Empty;

        await ProgressDisplay.RunAsync(Console(), Settings(), ProgressKind.Upload, "upload s3://my-bucket/videos/holiday-2025.mp4", 40 * MiB, progress =>
        {
            _time.Advance(TimeSpan.FromSeconds(1));
            progress.Report(10 * MiB, 40 * MiB);
            progress.Report(40 * MiB, 40 * MiB);
            sending = _terminal.Text;
            return Task.FromResult(0);
        });

        Assert.Contains(" 25% 10.0 MiB/40.0 MiB 10.0 MiB/s 00:01 ETA 00:03", sending, StringComparison.Ordinal);
        Assert.Contains("40.0 MiB sent, completing", sending, StringComparison.Ordinal);
    }

    private CliConsole Console() => new(Stream.Null, Stream.Null, _terminal, errorIsTerminal: true, AnsiSupport.Yes, _time);

    private static CliSettings Settings() => new(null, null, null, false, null, null, null, Resume: true, JournalFolder: null, Quiet: false, Json: false);
}
