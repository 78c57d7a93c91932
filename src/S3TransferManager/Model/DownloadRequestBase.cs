using S3TransferManager.Internal;

namespace S3TransferManager;

/// <summary>What every download names: the object, which version of it, and the size of the ranged GETs.</summary>
public abstract class DownloadRequestBase
{
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
    /// <value>8 MiB. Between 1 byte and 5 GiB.</value>
    public long PartSize { get; set; } = TransferLimits.DefaultPartSize;

    internal void ValidateObject()
    {
        ArgumentException.ThrowIfNullOrEmpty(BucketName, nameof(BucketName));
        ArgumentException.ThrowIfNullOrEmpty(Key, nameof(Key));
        if (PartSize < 1 || PartSize > TransferLimits.MaxPartSize)
        {
            throw new ArgumentOutOfRangeException(nameof(PartSize), PartSize, "PartSize must be between 1 byte and 5 GiB.");
        }
    }
}
