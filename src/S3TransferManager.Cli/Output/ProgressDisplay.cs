namespace S3TransferManager.Cli.Output;

/// <summary>
/// Shows one transfer's progress on stderr: live bars when stderr is a terminal, a plain line about every second or
/// 10% when it is not (logs, CI), nothing with --quiet or --no-progress. Stderr, never stdout, so piped object data stays clean.
/// </summary>
internal static class ProgressDisplay
{
    /// <summary>Runs <paramref name="work"/>, which reports into the <see cref="TransferProgress"/> it is given.</summary>
    /// <param name="total">The length when known at the start, else -1.</param>
    public static async Task<T> RunAsync<T>(CliConsole console, CliSettings settings, ProgressKind kind, string label, long total,
        Func<TransferProgress, Task<T>> work)
    {
        var progress = new TransferProgress(kind, total, console.Time, settings.TransferConfig().MinSizeBeforePartUpload);
        if (settings.Quiet || settings.NoProgress)
        {
            return await work(progress);
        }

        if (console.ErrorIsTerminal)
        {
            return await LiveProgress.RunAsync(console, label, progress, () => work(progress));
        }

        LineProgress.Attach(console.Error, label, progress, console.Time);
        T result = await work(progress);
        progress.Finish();
        return result;
    }
}
