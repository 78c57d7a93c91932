using System.Diagnostics.CodeAnalysis;
using S3TransferManager.Directories;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Resume;

/// <summary>
/// The journal of one directory transfer: its header names the bucket, prefix and folder; a record is appended as each
/// object finishes, with the local file's length and last-write time then, and the object's ETag. An object found
/// finished and unchanged is not moved again. The journal is kept until every object has finished (a failed object, or
/// an interruption, leaves it for the next identical request). A big object's parts have a journal of their own.
/// Thread-safe.
/// </summary>
internal sealed class DirectoryJournal : IDisposable
{
    private readonly string _root;

    /// <summary>The earlier run's finished objects by key (each key's last record); only read once the journal is open.</summary>
    private readonly Dictionary<string, FinishedObject> _finished;

    /// <summary>The journal on disk, as this transfer writes it.</summary>
    private readonly JournalWriter _writer;

    private long _resumedBytes;

    private DirectoryJournal(JournalWriter writer, string root, Dictionary<string, FinishedObject> finished, bool hasEarlierRun)
    {
        _writer = writer;
        _root = root;
        _finished = finished;
        HasEarlierRun = hasEarlierRun;
    }

    /// <summary>Whether an earlier run of this very transfer left the journal (its objects' own journals may be there too).</summary>
    public bool HasEarlierRun { get; }

    /// <summary>The bytes of the objects found finished so far: what this run did not move.</summary>
    public long ResumedBytes => Interlocked.Read(ref _resumedBytes);

    /// <summary>Finds and locks the journal of this directory transfer, with what an earlier run finished; null when
    /// another transfer holds it, or it cannot be written.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The journal owns its file, and the caller the journal.")]
    public static DirectoryJournal? Open(TransferResources resources, JournalPaths paths, bool upload, string bucket, string prefix, string localRoot,
        string? searchPattern, bool recursive)
    {
        string root = Path.GetFullPath(localRoot);
        string journalPath = paths.Directory(upload, bucket, prefix, root);
        var header = new DirectoryJournalHeader
        {
            Created = resources.TimeProvider.GetUtcNow(),
            Endpoint = paths.Endpoint,
            Bucket = bucket,
            Upload = upload,
            Prefix = prefix,
            LocalRoot = root,
            SearchPattern = searchPattern,
            Recursive = recursive,
        };
        JournalFile? file;
        List<byte[]> lines;
        try
        {
            file = JournalFile.TryOpen(journalPath, out lines, out bool inUse);
            if (inUse)
            {
                Log.JournalInUse(resources.Logger, bucket, prefix, journalPath);
                return null;
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.JournalWriteFailed(resources.Logger, journalPath, e);
            return null;
        }

        var writer = new JournalWriter(journalPath, file, resources.Logger);
        var finished = new Dictionary<string, FinishedObject>(StringComparer.Ordinal);
        bool earlierRun = file is not null && JournalRecords.Header(lines) is DirectoryJournalHeader before
            && before with { Created = header.Created } == header;
        if (earlierRun)
        {
            writer.Continues(earlierRun: true);
            foreach (FinishedObject record in JournalRecords.Records(lines, JournalJson.Default.FinishedObject))
            {
                finished[record.Key] = record;
            }

            Log.TransferResumed(resources.Logger, upload ? "directory upload" : "directory download", bucket, prefix,
                finished.Values.Sum(f => f.Length), -1, journalPath);
        }
        else if (!writer.WriteHeader(header))
        {
            writer.Dispose();
            return null;
        }

        return new DirectoryJournal(writer, root, finished, earlierRun);
    }

    /// <summary>Whether an earlier run finished <paramref name="key"/> with <paramref name="localPath"/> and neither
    /// changed since: the local file has the length and last-write time recorded then, and the object the length
    /// <paramref name="objectLength"/> and, when given, the ETag <paramref name="eTag"/>.</summary>
    public bool IsFinished(string key, string localPath, long objectLength, string? eTag)
    {
        if (!_finished.TryGetValue(key, out FinishedObject? record))
        {
            return false;
        }

        var file = new FileInfo(localPath);
        bool same = record.Path == Relative(localPath) && record.Length == objectLength && file.Exists && file.Length == record.Length
            && file.LastWriteTimeUtc == record.LastWrite && (eTag is null || eTag == record.ETag);
        if (same)
        {
            Interlocked.Add(ref _resumedBytes, record.Length);
        }

        return same;
    }

    /// <summary>Records <paramref name="key"/> finished at <paramref name="localPath"/>, with the length and last-write
    /// time of <paramref name="written"/>: the local file itself after an upload, the download's complete temporary file
    /// just before it is renamed to <paramref name="localPath"/> (the rename keeps both).</summary>
    public void Finished(string key, string localPath, FileInfo written, string? eTag) =>
        _writer.Append(JournalRecords.Line(new FinishedObject(key, Relative(localPath), written.Length, written.LastWriteTimeUtc, eTag)));

    /// <summary>Every object finished: the journal is deleted.</summary>
    public void Completed() => _writer.Completed();

    public void Dispose() => _writer.Dispose();

    private string Relative(string localPath) => Path.GetRelativePath(_root, Path.GetFullPath(localPath)).Replace(Path.DirectorySeparatorChar, '/');
}
