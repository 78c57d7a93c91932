using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Logging;
using S3TransferManager.Directories;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Resume;

/// <summary>
/// The journal of one directory transfer: its header names the bucket, prefix and folder; a record is appended as each
/// object finishes, with the local file's length and last-write time then, and the object's ETag. An object found
/// finished and unchanged is not moved again. The journal is kept until every object has finished (a failed object, or
/// an interruption, leaves it for the next identical request). Thread-safe.
/// </summary>
internal sealed class DirectoryJournal : IDirectoryJournal
{
    private readonly ILogger _logger;
    private readonly string _root;
    private readonly Lock _gate = new();

    /// <summary>The earlier run's finished objects by key (each key's last record).</summary>
    private readonly Dictionary<string, FinishedObject> _finished;

    /// <summary>The journal on disk, locked for this transfer; null once closed, or given up after a failed write.</summary>
    private JournalFile? _file;

    private long _resumedBytes;

    private DirectoryJournal(ILogger logger, string root, JournalFile file, Dictionary<string, FinishedObject> finished, bool hasEarlierRun)
    {
        _logger = logger;
        _root = root;
        _file = file;
        _finished = finished;
        HasEarlierRun = hasEarlierRun;
    }

    public bool HasEarlierRun { get; }

    public long ResumedBytes => Interlocked.Read(ref _resumedBytes);

    /// <summary>Finds and locks the journal of this directory transfer, with what an earlier run finished; null when
    /// another transfer holds it, or it cannot be written.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The journal owns its file, and the caller the journal.")]
    public static IDirectoryJournal? Open(TransferResources resources, JournalPaths paths, bool upload, string bucket, string prefix, string localRoot,
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
        JournalFile? file = null;
        try
        {
            file = JournalFile.TryOpen(journalPath, out List<byte[]> lines, out bool inUse);
            if (inUse)
            {
                Log.JournalInUse(resources.Logger, bucket, prefix, journalPath);
                return null;
            }

            var finished = new Dictionary<string, FinishedObject>(StringComparer.Ordinal);
            bool earlierRun = false;
            if (file is not null && JournalRecords.Header(lines) is DirectoryJournalHeader before && before with { Created = header.Created } == header)
            {
                earlierRun = true;
                foreach (FinishedObject record in JournalRecords.Records(lines, JournalJson.Default.FinishedObject))
                {
                    finished[record.Key] = record;
                }

                Log.TransferResumed(resources.Logger, upload ? "directory upload" : "directory download", bucket, prefix,
                    finished.Values.Sum(f => f.Length), -1, journalPath);
            }
            else if (file is not null)
            {
                file.Replace([JournalRecords.Line(header)]);
            }
            else
            {
                file = JournalFile.Create(journalPath, [JournalRecords.Line(header)]);
            }

            var journal = new DirectoryJournal(resources.Logger, root, file, finished, earlierRun);
            file = null;
            return journal;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.JournalWriteFailed(resources.Logger, journalPath, e);
            return null;
        }
        finally
        {
            // Only when no journal was made: it owns the file from then on.
            file?.Dispose();
        }
    }

    public bool IsFinished(string key, string localPath, long objectLength, string? eTag)
    {
        FinishedObject? record;
        lock (_gate)
        {
            if (!_finished.TryGetValue(key, out record))
            {
                return false;
            }
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

    public void Finished(string key, string localPath, FileInfo written, string? eTag)
    {
        var record = new FinishedObject(key, Relative(localPath), written.Length, written.LastWriteTimeUtc, eTag);
        lock (_gate)
        {
            if (_file is { } journal)
            {
                try
                {
                    journal.Append(JournalRecords.Line(record));
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    Log.JournalWriteFailed(_logger, journal.Path, e);
                }
            }
        }
    }

    public void Completed()
    {
        lock (_gate)
        {
            try
            {
                _file?.Delete();
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                Log.JournalDiscardFailed(_logger, _file!.Path, e);
            }

            _file = null;
        }
    }

    public void Dispose()
    {
        lock (_gate)
        {
            _file?.Dispose();
            _file = null;
        }
    }

    private string Relative(string localPath) => Path.GetRelativePath(_root, Path.GetFullPath(localPath)).Replace(Path.DirectorySeparatorChar, '/');
}
