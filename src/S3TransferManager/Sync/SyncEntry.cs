using Amazon.S3;

namespace S3TransferManager.Sync;

/// <summary>
/// One file or object on either side of a sync, as its listing described it.
/// </summary>
/// <param name="RelativeKey">The name below the side's root, '/' separated: what the two sides are matched by.</param>
/// <param name="Location">The full local path, or the object's key.</param>
/// <param name="Size">Its size in bytes.</param>
/// <param name="LastModified">Its modification time (a file's last write, an object's LastModified), in UTC.</param>
/// <param name="ETag">An object's ETag, quoted as S3 sends it; null for a file.</param>
/// <param name="ChecksumAlgorithm">The checksum the listing says S3 stores for the object, or null.</param>
/// <param name="ChecksumType">Whether that checksum is FULL_OBJECT or COMPOSITE, when the listing says.</param>
internal sealed record SyncEntry(string RelativeKey, string Location, long Size, DateTime LastModified, string? ETag = null,
    ChecksumAlgorithm? ChecksumAlgorithm = null, ChecksumType? ChecksumType = null);
