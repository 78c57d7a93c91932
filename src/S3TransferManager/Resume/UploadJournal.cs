using System.Diagnostics.CodeAnalysis;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Multipart;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Resume;

/// <summary>
/// The journal of one multipart upload from a file: its header (the upload, its part size, the file's identity) is
/// written when the upload is created, and a record appended as each part is stored. What an earlier run left is
/// checked first (<see cref="UploadJournalCheck"/>). Writing it never fails the upload: a journal that cannot be
/// written is given up, and the upload goes on as one that cannot be resumed. At the end it says whether the upload
/// stays open for a later run. Thread-safe.
/// </summary>
internal sealed class UploadJournal : IDisposable
{
    private readonly UploadContext _upload;
    private readonly ILogger _logger;

    /// <summary>The header a new upload records, once its id is known.</summary>
    private readonly UploadJournalHeader _template;

    /// <summary>The algorithm of every record's checksum: the upload's, or the journal's own.</summary>
    private readonly ChecksumAlgorithm _recordAlgorithm;

    /// <summary>The journal on disk, as this upload writes it.</summary>
    private readonly JournalWriter _writer;

    private UploadJournal(UploadContext upload, string path, JournalFile? file, UploadJournalHeader template, long partSize)
    {
        _upload = upload;
        _logger = upload.Resources.Logger;
        _writer = new JournalWriter(path, file, _logger);
        _template = template;
        PartSize = partSize;
        _recordAlgorithm = upload.Request.EffectiveChecksumAlgorithm ?? JournalChecksum.OwnAlgorithm;
        OwnChecksum = upload.Request.EffectiveChecksumAlgorithm is null ? JournalChecksum.OwnAlgorithm : null;
    }

    /// <summary>The part size: the resumed upload's, or the one planned for a new upload.</summary>
    public long PartSize { get; private set; }

    /// <summary>The upload to continue; null to create one.</summary>
    public string? ResumedUploadId { get; private set; }

    /// <summary>The parts S3 already holds, checked against the file; they go into CompleteMultipartUpload as they are.</summary>
    public IReadOnlyList<StoredPart> StoredParts { get; private set; } = [];

    /// <summary>What S3 says of the object at the key when the upload to continue was already completed into it (an
    /// earlier run stopped before it could record so): nothing is left to send, and this is the upload's answer. Null
    /// otherwise.</summary>
    public CompleteMultipartUploadResponse? CompletedEarlier { get; private set; }

    /// <summary>The bytes of <see cref="StoredParts"/>: what this run need not send.</summary>
    public long ResumedBytes { get; private set; }

    /// <summary>What the journal held that could not be used, each with why (sent again, or a new upload started).</summary>
    public IReadOnlyList<string> Restarts { get; private set; } = [];

    /// <summary>The algorithm to hash each part in for its record when the upload sends no checksum; null when it sends
    /// one (the record holds that).</summary>
    public ChecksumAlgorithm? OwnChecksum { get; }

    /// <summary>Finds and locks the journal of this upload, and checks what an earlier run left in it; null when another
    /// transfer holds it (this one then runs without a journal).</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The journal owns its file, and the caller the journal.")]
    public static async ValueTask<UploadJournal?> OpenAsync(JournalPaths paths, UploadContext upload, string path,
        Microsoft.Win32.SafeHandles.SafeFileHandle source, long length, long partSize, CancellationToken cancellationToken)
    {
        string fullPath = Path.GetFullPath(path);
        string journalPath = paths.Upload(upload.Bucket, upload.Key, fullPath);
        JournalFile? file = JournalFile.TryOpen(journalPath, out List<byte[]> lines, out bool inUse);
        if (inUse)
        {
            Log.JournalInUse(upload.Resources.Logger, upload.Bucket, upload.Key, journalPath);
            return null;
        }

        var template = new UploadJournalHeader
        {
            Created = upload.Resources.TimeProvider.GetUtcNow(),
            Endpoint = paths.Endpoint,
            Bucket = upload.Bucket,
            Key = upload.Key,
            UploadId = string.Empty,
            Source = fullPath,
            Length = length,
            SourceLastWrite = File.GetLastWriteTimeUtc(fullPath),
            PartSize = partSize,
            ChecksumAlgorithm = upload.Request.EffectiveChecksumAlgorithm?.Value,
            Options = UploadOptionsFingerprint.Of(upload.Request),
        };
        var journal = new UploadJournal(upload, journalPath, file, template, partSize);
        if (file is null)
        {
            return journal;
        }

        try
        {
            journal.Resume(await UploadJournalCheck.RunAsync(upload, lines, template, source, journal._recordAlgorithm, cancellationToken)
                .ConfigureAwait(false));
            return journal;
        }
        catch
        {
            journal.Dispose();
            throw;
        }
    }

    /// <summary>Records the new upload's id, before any part of it is sent.</summary>
    public void UploadCreated(string uploadId) =>
        _writer.WriteHeader(_template with { UploadId = uploadId, Created = _upload.Resources.TimeProvider.GetUtcNow() });

    /// <summary>Records a part S3 stored, with the checksum of its bytes (the algorithm the upload sends, or
    /// <see cref="OwnChecksum"/>).</summary>
    public void PartStored(PartETag eTag, long length, string checksum)
    {
        // Whether CompleteMultipartUpload lists the part's checksum: only when the server echoed it, as a fresh upload
        // does (Swift's s3api echoes none, and its schema refuses the element in Complete).
        bool? echoed = _upload.Request.EffectiveChecksumAlgorithm is { } sent ? UploadChecksums.Echoed(sent, eTag) : null;
        _writer.Append(JournalRecords.Line(
            new UploadedPart(eTag.PartNumber!.Value, eTag.ETag, length, JournalChecksum.Format(_recordAlgorithm, checksum), echoed)));
    }

    /// <summary>Whether the upload stays open after <paramref name="error"/>, for the next identical request to resume;
    /// when not, the journal is gone and the upload is to be aborted.</summary>
    public bool KeepAfter(Exception error, CancellationToken cancellationToken) => _writer.KeepAfter(error, _upload.Bucket, _upload.Key);

    /// <summary>The upload completed: the journal is deleted.</summary>
    public void Completed() => _writer.Completed();

    public void Dispose() => _writer.Dispose();

    private void Resume(UploadResumeState state)
    {
        foreach (string restart in state.Restarts)
        {
            Log.ResumeRestarted(_logger, _upload.Bucket, _upload.Key, restart);
        }

        Restarts = state.Restarts;
        if (state.UploadId is null)
        {
            // A new upload replaces the journal's when it is created; until then, the old journal is only held.
            return;
        }

        ResumedUploadId = state.UploadId;
        PartSize = state.PartSize;
        StoredParts = state.Parts;
        ResumedBytes = state.Parts.Sum(p => p.Length);
        CompletedEarlier = state.Completed;
        _writer.Continues(earlierRun: true);
        if (CompletedEarlier is not null)
        {
            Log.UploadFoundCompleted(_logger, _upload.Bucket, _upload.Key, state.UploadId);
            return;
        }

        Log.TransferResumed(_logger, "upload", _upload.Bucket, _upload.Key, ResumedBytes, _template.Length, _writer.Path);
    }
}
