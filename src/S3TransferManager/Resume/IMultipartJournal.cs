using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Resume;

/// <summary>
/// What a multipart upload tells its journal, and learns from it, so that an interrupted upload can be resumed: the
/// upload to continue and the parts S3 already holds (checked before the upload starts), the new upload's id once
/// created, each part once stored, and at the end whether the upload stays open for a later run.
/// </summary>
internal interface IMultipartJournal : IDisposable
{
    /// <summary>The part size: the resumed upload's, or the one planned for a new upload.</summary>
    long PartSize { get; }

    /// <summary>The bytes of <see cref="StoredParts"/>: what this run need not send.</summary>
    long ResumedBytes { get; }

    /// <summary>What the journal held that could not be used, each with why (sent again, or a new upload started).</summary>
    IReadOnlyList<string> Restarts { get; }

    /// <summary>The upload to continue; null to create one.</summary>
    string? ResumedUploadId { get; }

    /// <summary>What S3 says of the object at the key when the upload to continue was already completed into it (an
    /// earlier run stopped before it could record so): nothing is left to send, and this is the upload's answer. Null
    /// otherwise.</summary>
    CompleteMultipartUploadResponse? CompletedEarlier { get; }

    /// <summary>The parts S3 already holds, checked against the file; they go into CompleteMultipartUpload as they are.</summary>
    IReadOnlyList<StoredPart> StoredParts { get; }

    /// <summary>The algorithm to hash each part in for its record when the upload sends no checksum; null when it sends
    /// one (the record holds that).</summary>
    ChecksumAlgorithm? OwnChecksum { get; }

    /// <summary>Records the new upload's id, before any part of it is sent.</summary>
    void UploadCreated(string uploadId);

    /// <summary>Records a part S3 stored, with the checksum of its bytes (the algorithm the upload sends, or
    /// <see cref="OwnChecksum"/>).</summary>
    void PartStored(PartETag eTag, long length, string checksum);

    /// <summary>Whether the upload stays open after <paramref name="error"/>, for the next identical request to resume;
    /// when not, the journal is gone and the upload is to be aborted.</summary>
    bool KeepAfter(Exception error, CancellationToken cancellationToken);

    /// <summary>The upload completed: the journal is deleted.</summary>
    void Completed();
}
