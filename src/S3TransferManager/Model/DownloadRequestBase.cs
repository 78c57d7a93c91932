using S3TransferManager.Internal;

namespace S3TransferManager;

/// <summary>What every download names: the object, which version of it, and the size of the ranged GETs.</summary>
/// <remarks>Only the library's own requests derive from it: <see cref="TransferUtilityDownloadRequest"/> and
/// <see cref="TransferUtilityOpenStreamRequest"/>.</remarks>
public abstract class DownloadRequestBase
{
    /// <summary>Only for the library's own requests: a request type from elsewhere would have no command to run it.</summary>
    private protected DownloadRequestBase()
    {
    }

    /// <summary>The bucket that holds the object.</summary>
    public string? BucketName { get; set; }

    /// <summary>The object's key.</summary>
    public string? Key { get; set; }

    /// <summary>A specific version of the object, or <see langword="null"/> for the current one.</summary>
    public string? VersionId { get; set; }

    /// <summary>
    /// An ETag the object must still have. When set, even the first GET carries If-Match, so a download never starts
    /// on a version other than the one the caller saw; a mismatch throws <see cref="ObjectModifiedException"/>.
    /// </summary>
    public string? IfMatch { get; set; }

    /// <summary>The size of each ranged GET. The first one also discovers the object's size and ETag.</summary>
    /// <value>8 MiB. Between 64 KiB and 5 GiB: S3 sets no floor for ranged GETs, but a part smaller than the library's
    /// 64 KiB buffer only adds requests (each a round trip, and on S3 a billed request). Out of range is an
    /// <see cref="ArgumentOutOfRangeException"/>, never silently changed.</value>
    public long PartSize { get; set; } = TransferLimits.DefaultPartSize;

    /// <summary>Set by a directory download for an object its listing showed to fit in one part: the first GET then
    /// asks for the whole object rather than a range, so S3 sends the stored checksum with the body and no HEAD is
    /// needed to validate it.</summary>
    internal bool FitsOnePart { get; set; }

    internal void ValidateObject()
    {
        // Whitespace-only names are rejected before any request: no bucket name can hold one, and a key of spaces,
        // though S3 would store it, is almost always an unset variable.
        ArgumentException.ThrowIfNullOrWhiteSpace(BucketName, nameof(BucketName));
        ArgumentException.ThrowIfNullOrWhiteSpace(Key, nameof(Key));
        if (PartSize < TransferLimits.MinDownloadPartSize || PartSize > TransferLimits.MaxPartSize)
        {
            throw new ArgumentOutOfRangeException(nameof(PartSize), PartSize, "PartSize must be between 64 KiB and 5 GiB.");
        }
    }
}
