namespace S3TransferManager.Cli.Commands;

/// <summary>
/// The lines <c>sync</c> prints, in the AWS CLI's words: "upload: SRC to DST", "download: ...", "copy: ...",
/// "delete: DST", "(dryrun) " before each in a dry run, and "upload failed: SRC to DST ERROR" on stderr. Local paths
/// are shown relative to the current folder, as the AWS CLI shows them. Entries copied because their checksums could
/// not be compared say so. Nothing with --quiet or --json.
/// </summary>
internal sealed class SyncLines(CliConsole console, CliSettings settings)
{
    private readonly Lock _lock = new();

    public void Done(SyncObjectEventArgs e)
    {
        if (settings.Quiet || settings.Json)
        {
            return;
        }

        string note = e.Reason == SyncReason.ChecksumNotComparable ? " (checksums not comparable)" : string.Empty;
        Write(console.Text, $"{(e.DryRun ? "(dryrun) " : "")}{Describe(e)}{note}");
    }

    public void Failed(SyncObjectEventArgs e)
    {
        string verb = Verb(e.Action);
        string what = e.Action == SyncAction.Delete ? Show(e.Destination) : $"{Show(e.Source)} to {Show(e.Destination)}";
        Write(console.Error, $"{verb} failed: {what} {ErrorReport.OneLine(e.Exception?.Message ?? string.Empty)}");
    }

    private static string Describe(SyncObjectEventArgs e) => e.Action == SyncAction.Delete
        ? $"delete: {Show(e.Destination)}"
        : $"{Verb(e.Action)}: {Show(e.Source)} to {Show(e.Destination)}";

    private static string Verb(SyncAction action) => action.ToString().ToLowerInvariant();

    private static string Show(string location) =>
        S3Location.IsS3(location) ? location : Path.GetRelativePath(Environment.CurrentDirectory, location).Replace(Path.DirectorySeparatorChar, '/');

    private void Write(TextWriter writer, string line)
    {
        lock (_lock)
        {
            writer.WriteLine(line);
            writer.Flush();
        }
    }
}
