namespace S3TransferManager;

/// <summary>
/// A transfer an earlier run left to resume, as its journal describes it: the same request again resumes it, and
/// <see cref="TransferUtility.DiscardResumableTransferAsync"/> gives it up. See
/// <see cref="TransferUtility.ListResumableTransfersAsync"/>.
/// </summary>
public sealed class ResumableTransfer
{
    internal ResumableTransfer(string id, ResumableTransferKind kind, string bucketName, string key, string localPath, string? uploadId,
        long totalBytes, long completedBytes, DateTimeOffset lastUpdated, string journalPath, string? indexEntryPath, string endpoint)
    {
        Endpoint = endpoint;
        Id = id;
        Kind = kind;
        BucketName = bucketName;
        Key = key;
        LocalPath = localPath;
        UploadId = uploadId;
        TotalBytes = totalBytes;
        CompletedBytes = completedBytes;
        LastUpdated = lastUpdated;
        JournalPath = journalPath;
        IndexEntryPath = indexEntryPath;
    }

    /// <summary>A name for the transfer, unique among the utility's journals (the journal's, or its index entry's,
    /// file name without the extension).</summary>
    public string Id { get; }

    /// <summary>What kind of transfer it is.</summary>
    public ResumableTransferKind Kind { get; }

    /// <summary>The bucket.</summary>
    public string BucketName { get; }

    /// <summary>The object's key; for a directory transfer, its key prefix (empty for the bucket's root).</summary>
    public string Key { get; }

    /// <summary>The source file of an upload, the destination file of a download, the local folder of a directory.</summary>
    public string LocalPath { get; }

    /// <summary>The multipart upload an upload continues (left open on S3 until resumed, discarded or aborted);
    /// <see langword="null"/> for the other kinds.</summary>
    public string? UploadId { get; }

    /// <summary>The transfer's length in bytes; -1 for a directory, whose length is only known by listing it.</summary>
    public long TotalBytes { get; }

    /// <summary>The bytes the journal records as done: parts stored or written, objects finished.</summary>
    public long CompletedBytes { get; }

    /// <summary>When the journal was last written.</summary>
    public DateTimeOffset LastUpdated { get; }

    /// <summary>The S3 endpoint the transfer talked to (its service URL, or its region), as the journal recorded it. An
    /// upload's multipart upload lives there: only a utility talking to the same endpoint resumes it or discards it.</summary>
    public string Endpoint { get; }

    /// <summary>The journal's file.</summary>
    public string JournalPath { get; }

    /// <summary>The index entry that names a download journal kept beside its file; null otherwise.</summary>
    internal string? IndexEntryPath { get; }

    /// <summary>The transfer in one line: kind, object, local path, progress.</summary>
    /// <returns>A description for a log or a listing.</returns>
    public override string ToString() =>
        FormattableString.Invariant($"{Kind} s3://{BucketName}/{Key} <-> {LocalPath}: {CompletedBytes} of {(TotalBytes < 0 ? "?" : TotalBytes)} bytes ({Id})");
}
