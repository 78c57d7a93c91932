namespace S3TransferManager.Cli.Output;

/// <summary>
/// Runs a directory transfer (cp -r up, down or S3 to S3) under the <see cref="ProgressDisplay"/>, and keeps the bytes it
/// last reported for the result: the directory responses count objects, not bytes.
/// </summary>
internal static class DirectoryProgress
{
    /// <summary>Runs <paramref name="start"/>, which hooks the report it is given (bytes transferred, total bytes) to its
    /// request's progress event and starts the transfer.</summary>
    public static async Task<(T Response, long Bytes)> RunAsync<T>(CliConsole console, CliSettings settings, string label,
        Func<Action<long, long>, Task<T>> start)
    {
        long bytes = 0;
        T response = await ProgressDisplay.RunAsync(console, settings, ProgressKind.Directory, label, -1, progress => start((transferred, total) =>
        {
            // Progress events of the transfer's objects arrive on several threads at once.
            Interlocked.Exchange(ref bytes, transferred);
            progress.Report(transferred, total);
        }));
        return (response, Interlocked.Read(ref bytes));
    }
}
