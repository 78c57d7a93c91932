using Spectre.Console;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// The live display on a terminal: label, bar, status (<see cref="TransferRowColumn"/>) and a spinner, redrawn about ten times a second by Spectre and at
/// once on the first report and when the phase changes (so "completing" shows the moment the last byte is sent, not up to a frame later).
/// </summary>
internal static class LiveProgress
{
    public static Task<T> RunAsync<T>(CliConsole console, string label, TransferProgress progress, Func<Task<T>> work)
    {
        IAnsiConsole terminal = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(console.Error),
            Interactive = InteractionSupport.Yes,
            Ansi = console.ErrorAnsi,
        });
        var display = new Progress(terminal, console.Time) { AutoClear = false, HideCompleted = false };
        return display
            .Columns(new TransferRowColumn(label, progress), new SpinnerColumn())
            .StartAsync(async context =>
            {
                ProgressTask task = context.AddTask(label, maxValue: 1);
                ShowBar(task, progress.Snapshot());
                progress.Changed = showNow =>
                {
                    ShowBar(task, progress.Snapshot());
                    if (showNow)
                    {
                        context.Refresh();
                    }
                };
                T result = await work();
                progress.Finish();
                task.StopTask();
                return result;
            });
    }

    /// <summary>The bar: filled to the share when there is one, a pulse while the total is unknown or S3 is completing
    /// (the task kept below its maximum, since Spectre counts a full task as finished and stops its spinner), full at
    /// the end.</summary>
    private static void ShowBar(ProgressTask task, ProgressSnapshot s)
    {
        switch (s.Phase)
        {
            case ProgressPhase.Done:
                task.IsIndeterminate = false;
                task.MaxValue = Math.Max(s.Done, 1);
                task.Value = task.MaxValue;
                break;
            case ProgressPhase.Sending when s.ShowsShare && s.Total > 0:
                task.IsIndeterminate = false;
                task.MaxValue = s.Total;
                task.Value = Math.Min(s.Done, s.Total);
                break;
            default:
                task.IsIndeterminate = true;
                task.MaxValue = s.Done + 1;
                task.Value = s.Done;
                break;
        }
    }
}
