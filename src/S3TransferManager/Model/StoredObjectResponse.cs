using Amazon.S3;

namespace S3TransferManager;

/// <summary>What S3 answered about an object an upload or a copy stored: its ETag and version, its size and parts,
/// and the checksum S3 stored with it.</summary>
/// <remarks>Only the library's own responses derive from it: <see cref="TransferUtilityUploadResponse"/> and
/// <see cref="TransferUtilityCopyResponse"/>.</remarks>
public abstract class StoredObjectResponse
{
    private protected StoredObjectResponse()
    {
    }

    /// <summary>The object's ETag (quoted, as S3 sends it); for one stored in parts it ends in "-" and the part count.</summary>
    public string? ETag { get; init; }

    /// <summary>The object's version, when its bucket is versioned.</summary>
    public string? VersionId { get; init; }

    /// <summary>How many bytes were uploaded or copied.</summary>
    public long ContentLength { get; init; }

    /// <summary>How many parts (UploadPart or UploadPartCopy) the object was stored in; 0 when one PutObject or
    /// CopyObject stored it.</summary>
    public int PartCount { get; init; }

    /// <summary>The CRC32 checksum S3 stored, when that algorithm was asked for.</summary>
    public string? ChecksumCRC32 { get; init; }

    /// <summary>The CRC32C checksum S3 stored, when that algorithm was asked for.</summary>
    public string? ChecksumCRC32C { get; init; }

    /// <summary>The CRC64NVME checksum S3 stored, when that algorithm was asked for (a copy's default).</summary>
    public string? ChecksumCRC64NVME { get; init; }

    /// <summary>The SHA1 checksum S3 stored, when that algorithm was asked for.</summary>
    public string? ChecksumSHA1 { get; init; }

    /// <summary>The SHA256 checksum S3 stored, when that algorithm was asked for.</summary>
    public string? ChecksumSHA256 { get; init; }

    /// <summary>Whether the stored checksum covers the whole object or is a composite of the parts' checksums.</summary>
    public ChecksumType? ChecksumType { get; init; }
}
