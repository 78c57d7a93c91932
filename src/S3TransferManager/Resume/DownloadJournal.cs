using System.Diagnostics.CodeAnalysis;
using Amazon.S3;
using Microsoft.Extensions.Logging;
using S3TransferManager.Parts;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Resume;

/// <summary>
/// The journal of one download to a file: its header (the object's ETag, the layout, the temporary file) is written
/// once the first GET has answered, before the temporary file is created, and a record appended as each part is
/// written to it. What an earlier run left is checked before it is trusted (<see cref="DownloadJournalCheck"/>). A
/// one-part download keeps no journal. Writing it never fails the download: a journal that cannot be written is given
/// up, and the download goes on as one that cannot be resumed. Parts may be recorded from any thread. At the end it
/// says whether the temporary file stays for a later run.
/// </summary>
internal sealed class DownloadJournal : IDisposable
{
    private readonly TransferResources _resources;
    private readonly ILogger _logger;
    private readonly JournalPaths _paths;
    private readonly TransferUtilityDownloadRequest _request;

    /// <summary>The destination's full path.</summary>
    private readonly string _destination;

    /// <summary>The index entry that names this journal in the resume folder; null when it is kept there itself.</summary>
    private readonly string? _indexEntry;

    /// <summary>The earlier run's records, each part's last, when it can be resumed; empty otherwise.</summary>
    private IReadOnlyList<DownloadedPart> _earlier = [];

    private readonly List<string> _restarts = [];

    /// <summary>The journal on disk, as this download writes it; it deletes the index entry and the temporary file with
    /// the journal.</summary>
    private readonly JournalWriter _writer;

    private DownloadJournal(TransferResources resources, JournalPaths paths, TransferUtilityDownloadRequest request, string destination,
        string journalPath, string? indexEntry, JournalFile? file)
    {
        _resources = resources;
        _logger = resources.Logger;
        _paths = paths;
        _request = request;
        _destination = destination;
        _indexEntry = indexEntry;
        TempPath = JournalPaths.TempFile(destination);
        _writer = new JournalWriter(journalPath, file, _logger, () =>
        {
            if (_indexEntry is not null)
            {
                File.Delete(_indexEntry);
            }

            DeleteTemp();
        });
    }

    /// <summary>The temporary file a resumable download writes.</summary>
    public string TempPath { get; }

    /// <summary>Where an earlier run stopped; null for a new download.</summary>
    public ResumePoint? ResumePoint { get; private set; }

    /// <summary>The algorithm a part is hashed in for its record when the download's checksum validation hashes it in
    /// none; otherwise the record takes the validation's digest, so the bytes are hashed once.</summary>
    public ChecksumAlgorithm PartChecksum => JournalChecksum.OwnAlgorithm;

    /// <summary>The parts to fetch, once <see cref="PlanAsync"/> has checked the written ones; the part the first GET
    /// fetched comes first.</summary>
    public IReadOnlyList<int> PartsToFetch { get; private set; } = [];

    /// <summary>The bytes of the parts already written and checked: what this run need not fetch.</summary>
    public long ResumedBytes { get; private set; }

    /// <summary>What the journal held that could not be used, each with why (fetched again).</summary>
    public IReadOnlyList<string> Restarts => _restarts;

    /// <summary>Finds and locks the journal of a download to <see cref="TransferUtilityDownloadRequest.FilePath"/>, and
    /// reads where an earlier run stopped; null when another transfer holds it.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The journal owns its file, and the caller the journal.")]
    public static DownloadJournal? Open(TransferResources resources, JournalPaths paths, TransferUtilityDownloadRequest request)
    {
        string destination = Path.GetFullPath(request.FilePath!);
        (string journalPath, string? index) = paths.Download(destination);
        JournalFile? file = JournalFile.TryOpen(journalPath, out List<byte[]> lines, out bool inUse);
        if (inUse)
        {
            Log.JournalInUse(resources.Logger, request.BucketName!, request.Key!, journalPath);
            return null;
        }

        var journal = new DownloadJournal(resources, paths, request, destination, journalPath, index, file);
        if (file is not null)
        {
            journal.ReadEarlier(lines);
        }

        return journal;
    }

    /// <summary>Deletes the journal of a download to <paramref name="destination"/> (and its index entry) when its
    /// temporary file is gone: a run stopped after renaming it over the destination, before deleting the journal. A
    /// journal with its temporary file, or one another transfer holds, is left.</summary>
    public static void DiscardSpent(ILogger logger, JournalPaths paths, string destination)
    {
        if (File.Exists(JournalPaths.TempFile(destination)))
        {
            return;
        }

        (string journalPath, string? index) = paths.Download(destination);
        using JournalFile? file = JournalFile.TryOpen(journalPath, out _, out _);
        if (file is null)
        {
            return;
        }

        try
        {
            file.Delete();
            if (index is not null)
            {
                File.Delete(index);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.JournalDiscardFailed(logger, journalPath, e);
        }
    }

    /// <summary>The earlier run's parts cannot be used (the object changed: its ETag was refused): they are forgotten
    /// and the download starts over.</summary>
    public void Restart(string reason)
    {
        Note(reason);
        ResumePoint = null;
        _earlier = [];
        _writer.Continues(false);
        DeleteTemp();
    }

    /// <summary>Takes the download's plan once the first GET answered, and names the temporary file to write: the earlier
    /// run's, which holds the parts that checked out against their records (their bytes also go to the plan's
    /// validation), or a new one once the journal recorded the plan; null when no journal is kept (one part, no ETag)
    /// and the download names its own.</summary>
    public async ValueTask<(string? TempPath, bool HoldsParts)> PlanAsync(DownloadPlan plan, CancellationToken cancellationToken)
    {
        PartLayout layout = plan.Layout;
        if (ResumePoint is { } resume)
        {
            DownloadJournalCheck.Result checkedParts = await DownloadJournalCheck.RunAsync(TempPath, _earlier, resume, plan.ValidationHasher,
                _resources.Pool, cancellationToken).ConfigureAwait(false);
            foreach (string problem in checkedParts.Problems)
            {
                Note(problem);
            }

            PartsToFetch = checkedParts.ToFetch;
            ResumedBytes = checkedParts.ResumedBytes;

            Log.TransferResumed(_logger, "download", _request.BucketName!, _request.Key!, ResumedBytes, layout.TotalLength, _writer.Path);
            return (TempPath, true);
        }

        PartsToFetch = [.. Enumerable.Range(1, layout.PartCount)];
        if (layout.PartCount == 1 || string.IsNullOrEmpty(plan.ETag))
        {
            // One request fetches it all: there is nothing to resume, and no journal is kept (an earlier one goes).
            _writer.Discard();
            return (null, false);
        }

        return (Record(plan) ? TempPath : null, false);
    }

    /// <summary>Records a part written to the temporary file, with the checksum of its bytes in
    /// <paramref name="algorithm"/> (base64).</summary>
    public void PartWritten(int partNumber, long start, long length, ChecksumAlgorithm algorithm, string checksum) =>
        _writer.Append(JournalRecords.Line(new DownloadedPart(partNumber, start, length, JournalChecksum.Format(algorithm, checksum))));

    /// <summary>Whether the temporary file stays after <paramref name="error"/>, for the next identical request to
    /// resume; when not, the journal is gone and the temporary file is to be deleted.</summary>
    public bool KeepAfter(Exception error, CancellationToken cancellationToken) => _writer.KeepAfter(error, _request.BucketName!, _request.Key!);

    /// <summary>The download completed (the file is in place): the journal is deleted.</summary>
    public void Completed() => _writer.Completed();

    public void Dispose() => _writer.Dispose();

    /// <summary>Reads the earlier run's journal: where it stopped, if this request can continue it.</summary>
    private void ReadEarlier(List<byte[]> lines)
    {
        DownloadJournalHeader? before = JournalRecords.Header(lines) as DownloadJournalHeader;
        string? why = before is null ? "the journal was written by another version of the library, or is damaged"
            : before.Endpoint != _paths.Endpoint || before.Bucket != _request.BucketName || before.Key != _request.Key
                || before.Destination != _destination || (_request.VersionId is not null && _request.VersionId != before.VersionId)
                ? "the journal is of another object"
            : _request.IfMatch is not null && _request.IfMatch != before.ETag ? "the request asks for another ETag than the journal's"
            : before.TempFile != TempPath || !File.Exists(before.TempFile)
                ? "the temporary file of the earlier run is gone"
            : null;
        PartLayout layout = default;
        if (why is null)
        {
            layout = new PartLayout(before!.Size, before.PartSize, before.TailWidth, before.MaxHeadPartSize, before.FirstPartLength);
            if (layout.PartCount != before.PartCount)
            {
                why = "the journal's parts cannot be rebuilt";
            }
        }

        List<DownloadedPart> earlier = why is null
            ? JournalRecords.LastOfEach(JournalRecords.Records(lines, JournalJson.Default.DownloadedPart).Where(p => Fits(p, layout)), p => p.Part)
            : [];
        if (why is not null || earlier.Count == 0)
        {
            if (why is not null)
            {
                Note($"{why}: the download starts over");
            }

            DeleteTemp();
            return;
        }

        var done = new HashSet<int>(earlier.Select(p => p.Part));
        int first = Enumerable.Range(1, layout.PartCount).FirstOrDefault(p => !done.Contains(p), layout.PartCount);
        _earlier = earlier;
        ResumePoint = new ResumePoint(before!.ETag, layout, first);

        _writer.Continues(earlierRun: true);
    }

    /// <summary>Whether the record is of one of the layout's parts.</summary>
    private static bool Fits(DownloadedPart record, PartLayout layout) =>
        record.Part >= 1 && record.Part <= layout.PartCount && record.Start == layout.StartOf(record.Part)
        && record.Length == layout.LengthOf(record.Part);

    /// <summary>Writes the new download's header (and its index entry), before its temporary file exists, so no temporary
    /// file is ever left without a journal naming it. False when it could not be written: the download goes on
    /// without one.</summary>
    private bool Record(DownloadPlan plan)
    {
        PartLayout layout = plan.Layout;
        var header = new DownloadJournalHeader
        {
            Created = _resources.TimeProvider.GetUtcNow(),
            Endpoint = _paths.Endpoint,
            Bucket = _request.BucketName!,
            Key = _request.Key!,
            VersionId = _request.VersionId,
            ETag = plan.ETag!,
            Size = layout.TotalLength,
            PartSize = layout.PartSize,
            TailWidth = layout.TailWidthAsked,
            MaxHeadPartSize = layout.MaxHeadPartSize,
            FirstPartLength = layout.FirstPartLength,
            PartCount = layout.PartCount,
            Destination = _destination,
            TempFile = TempPath,
        };
        return _writer.WriteHeader(header, () =>
        {
            if (_indexEntry is not null)
            {
                Directory.CreateDirectory(Path.GetDirectoryName(_indexEntry)!);
                File.WriteAllText(_indexEntry, _writer.Path);
            }
        });
    }

    private void Note(string reason)
    {
        _restarts.Add(reason);
        Log.ResumeRestarted(_logger, _request.BucketName!, _request.Key!, reason);
    }

    private void DeleteTemp()
    {
        try
        {
            File.Delete(TempPath);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.TempFileNotDeleted(_logger, TempPath, e);
        }
    }
}
