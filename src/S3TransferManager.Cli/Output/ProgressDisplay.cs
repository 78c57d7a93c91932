using Spectre.Console;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// Shows one transfer's progress on stderr: live bars when stderr is a terminal, a plain line about every second or
/// 10% when it is not (logs, CI), nothing with --quiet. Stderr, never stdout, so piped object data stays clean.
/// </summary>
internal static class ProgressDisplay
{
    /// <summary>Runs <paramref name="work"/>, which reports (bytes done, total or -1) through the callback it is given.</summary>
    public static async Task<T> RunAsync<T>(CliConsole console, CliSettings settings, string label, long total,
        Func<Action<long, long>, Task<T>> work)
    {
        if (settings.Quiet)
        {
            return await work(static (_, _) => { });
        }

        if (!console.ErrorIsTerminal)
        {
            var lines = new LineProgress(console.Error, label, total);
            T result = await work(lines.Report);
            lines.Finish();
            return result;
        }

        IAnsiConsole ansi = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(console.Error),
            Interactive = InteractionSupport.Yes,
        });
        return await ansi.Progress()
            .AutoClear(false)
            .HideCompleted(false)
            .Columns(
                new TaskDescriptionColumn(),
                new ProgressBarColumn(),
                new PercentageColumn(),
                new DownloadedColumn(),
                new TransferSpeedColumn(),
                new ElapsedTimeColumn(),
                new RemainingTimeColumn(),
                new SpinnerColumn())
            .StartAsync(async context =>
            {
                ProgressTask task = context.AddTask(Markup.Escape(label), maxValue: total > 0 ? total : 1);
                task.IsIndeterminate = total < 0;
                T result = await work((done, length) =>
                {
                    // A directory's total grows while it is listed; a stream's is unknown (-1) to the end.
                    if (length > 0 && (task.IsIndeterminate || length != (long)task.MaxValue))
                    {
                        task.MaxValue = length;
                        task.IsIndeterminate = false;
                    }

                    task.Value = done;
                });
                if (task.IsIndeterminate)
                {
                    // A stream of unknown length: it is done, so its length is what was read.
                    task.IsIndeterminate = false;
                    task.MaxValue = Math.Max(task.Value, 1);
                }

                task.Value = task.MaxValue;
                task.StopTask();
                return result;
            });
    }
}
