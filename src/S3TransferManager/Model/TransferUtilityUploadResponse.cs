using Amazon.S3;

namespace S3TransferManager;

/// <summary>What S3 answered when the upload was stored.</summary>
public sealed class TransferUtilityUploadResponse
{
    /// <summary>The object's ETag (quoted, as S3 sends it); for a multipart upload it ends in "-" and the part count.</summary>
    public string? ETag { get; init; }

    /// <summary>The new object's version, when the bucket is versioned.</summary>
    public string? VersionId { get; init; }

    /// <summary>How many bytes were uploaded.</summary>
    public long ContentLength { get; init; }

    /// <summary>How many parts the multipart upload had; 0 when the object went up in a single PutObject.</summary>
    public int PartCount { get; init; }

    /// <summary>The CRC32 checksum S3 stored, when that algorithm was requested.</summary>
    public string? ChecksumCRC32 { get; init; }

    /// <summary>The CRC32C checksum S3 stored, when that algorithm was requested.</summary>
    public string? ChecksumCRC32C { get; init; }

    /// <summary>The CRC64NVME checksum S3 stored, when that algorithm was requested.</summary>
    public string? ChecksumCRC64NVME { get; init; }

    /// <summary>The SHA1 checksum S3 stored, when that algorithm was requested.</summary>
    public string? ChecksumSHA1 { get; init; }

    /// <summary>The SHA256 checksum S3 stored, when that algorithm was requested.</summary>
    public string? ChecksumSHA256 { get; init; }

    /// <summary>Whether the stored checksum covers the whole object or is a composite of the parts' checksums.</summary>
    public ChecksumType? ChecksumType { get; init; }

    /// <summary>
    /// <see langword="true"/> when the checksum was filled in by the library rather than returned by the server, for a
    /// multipart upload whose CompleteMultipartUpload answer carried none (moto 5.x sends none; S3 does): for a CRC, the
    /// full-object value the library combined from the part CRCs and sent (<see cref="ChecksumType"/> FULL_OBJECT); for
    /// SHA1 and SHA256, the composite S3 defines (the checksum of the parts' checksums as the server acknowledged them,
    /// then "-" and the part count; COMPOSITE), left empty when a part's acknowledgement had none. It is not read back
    /// from the stored object.
    /// </summary>
    public bool ChecksumComputedLocally { get; init; }
}
