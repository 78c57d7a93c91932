namespace S3TransferManager.Resume;

/// <summary>An upload from a file: the multipart upload it continues, how its parts are cut, and the file's identity
/// when the upload started.</summary>
internal sealed record UploadJournalHeader : JournalHeader
{
    public required string Key { get; init; }

    public required string UploadId { get; init; }

    /// <summary>The source file's full path.</summary>
    public required string Source { get; init; }

    public long Length { get; init; }

    /// <summary>The source file's last-write time (UTC) when the upload started.</summary>
    public DateTime SourceLastWrite { get; init; }

    public long PartSize { get; init; }

    /// <summary>The algorithm of the parts' checksums S3 was sent (and of each record's checksum); null when the upload
    /// sends none (each record then holds the journal's own CRC64NVME).</summary>
    public string? ChecksumAlgorithm { get; init; }

    /// <summary>A digest of the options CreateMultipartUpload stored with the upload (type, metadata, encryption...): a
    /// request with other options starts a new upload.</summary>
    public required string Options { get; init; }
}
