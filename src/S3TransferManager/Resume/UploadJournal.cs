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
/// written is given up, and the upload goes on as one that cannot be resumed. Thread-safe.
/// </summary>
internal sealed class UploadJournal : IMultipartJournal
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

    public string Path => _writer.Path;

    public long PartSize { get; private set; }

    public string? ResumedUploadId { get; private set; }

    public IReadOnlyList<StoredPart> StoredParts { get; private set; } = [];

    public CompleteMultipartUploadResponse? CompletedEarlier { get; private set; }

    public long ResumedBytes { get; private set; }

    public IReadOnlyList<string> Restarts { get; private set; } = [];

    public ChecksumAlgorithm? OwnChecksum { get; }

    /// <summary>Finds and locks the journal of this upload, and checks what an earlier run left in it; null when another
    /// transfer holds it (this one then runs without a journal).</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The journal owns its file, and the caller the journal.")]
    public static async ValueTask<IMultipartJournal?> OpenAsync(JournalPaths paths, UploadContext upload, string path,
        Microsoft.Win32.SafeHandles.SafeFileHandle source, long length, long partSize, CancellationToken cancellationToken)
    {
        string fullPath = System.IO.Path.GetFullPath(path);
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

    public void UploadCreated(string uploadId) =>
        _writer.WriteHeader(_template with { UploadId = uploadId, Created = _upload.Resources.TimeProvider.GetUtcNow() });

    public void PartStored(PartETag eTag, long length, string checksum)
    {
        // Whether CompleteMultipartUpload lists the part's checksum: only when the server echoed it, as a fresh upload
        // does (Swift's s3api echoes none, and its schema refuses the element in Complete).
        bool? echoed = _upload.Request.EffectiveChecksumAlgorithm is { } sent ? UploadChecksums.Echoed(sent, eTag) : null;
        _writer.Append(JournalRecords.Line(
            new UploadedPart(eTag.PartNumber!.Value, eTag.ETag, length, JournalChecksum.Format(_recordAlgorithm, checksum), echoed)));
    }

    public bool KeepAfter(Exception error, CancellationToken cancellationToken) => _writer.KeepAfter(error, _upload.Bucket, _upload.Key);

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

        Log.TransferResumed(_logger, "upload", _upload.Bucket, _upload.Key, ResumedBytes, _template.Length, Path);
    }
}
