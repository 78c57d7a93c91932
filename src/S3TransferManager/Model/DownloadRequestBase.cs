using System.ComponentModel;
using Amazon.S3.Model;
using Amazon.S3;

namespace S3TransferManager;

/// <summary>What every download of one object names: the object, which version of it, and the size of the ranged
/// GETs.</summary>
/// <remarks>Only the library's own requests derive from it: <see cref="TransferUtilityDownloadRequest"/> and
/// <see cref="TransferUtilityOpenStreamRequest"/>.</remarks>
public abstract class DownloadRequestBase : GetRequestOptions
{
    private protected DownloadRequestBase()
    {
    }

    /// <summary>The object's key.</summary>
    public string? Key { get; set; }

    /// <summary>A specific version of the object, or <see langword="null"/> for the current one.</summary>
    public string? VersionId { get; set; }

    /// <summary>Download only if the object changed after this time (If-Modified-Since), checked on every GET.</summary>
    /// <value><see langword="null"/>: no condition. The AWS SDK's property is a non-nullable <see cref="DateTime"/>;
    /// assigning one compiles unchanged.</value>
    public DateTime? ModifiedSinceDate { get; set; }

    /// <summary>Download only if the object did not change after this time (If-Unmodified-Since), checked on every GET;
    /// a refusal is HTTP 412.</summary>
    /// <value><see langword="null"/>: no condition.</value>
    public DateTime? UnmodifiedSinceDate { get; set; }

    /// <summary>Asks for the stored checksum and its validation (<see cref="ChecksumMode.ENABLED"/>), as on the AWS SDK,
    /// where a client whose <c>ResponseChecksumValidation</c> is <c>WHEN_REQUIRED</c> validates only then. So here: at
    /// the client's defaults downloads validate whatever this says; under <c>WHEN_REQUIRED</c> only when this is
    /// <see cref="ChecksumMode.ENABLED"/>. <see cref="TransferUtilityConfig.ValidateDownloadChecksums"/> =
    /// <see langword="false"/> turns validation off either way. Hidden from IntelliSense.</summary>
    /// <value><see langword="null"/>.</value>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public ChecksumMode? ChecksumMode { get; set; }

    /// <summary>Accepted and ignored, so code written for <c>Amazon.S3.Transfer</c> compiles: a download's first GET here
    /// asks for part 1 by number (as the SDK's <see cref="MultipartDownloadType.PART"/> does), and the parts after it
    /// are ranged GETs of <see cref="PartSize"/>, whatever this says. Hidden from IntelliSense.</summary>
    /// <value><see cref="MultipartDownloadType.RANGE"/>.</value>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public MultipartDownloadType MultipartDownloadType { get; set; } = MultipartDownloadType.RANGE;

    /// <summary>The size of each ranged GET. The first one also discovers the object's size and ETag.</summary>
    /// <value>8 MiB. Between 64 KiB and 5 GiB: S3 sets no floor for ranged GETs, but a part smaller than the library's
    /// 64 KiB buffer only adds requests (each a round trip, and on S3 a billed request). Out of range is an
    /// <see cref="ArgumentOutOfRangeException"/>, never silently changed.</value>
    public long PartSize { get; set; } = TransferLimits.DefaultPartSize;

    /// <summary>Set by a directory download: the object's size as its listing showed it. The download may then
    /// create its temporary file while the first GET is out rather than after it answers.</summary>
    internal long? ListedLength { get; set; }

    /// <summary>Whether the listing showed the object to fit in one part: the first GET then asks for the whole
    /// object rather than a range, so S3 sends the stored checksum with the body and no HEAD is needed to validate it.</summary>
    internal bool FitsOnePart => ListedLength is { } length && length <= PartSize;

    /// <summary>Set by a directory download that found no earlier run of itself: an object the listing shows to fit in
    /// one part then looks for no journal of its own. It has nothing to resume, and looking (and clearing what is not
    /// there) costs about a dozen file-system calls per object, a fifth of a small object's download.</summary>
    internal bool NoEarlierRun { get; set; }

    /// <summary>Whether this download keeps no journal whatever resume says: one GET fetches it whole, and no earlier
    /// run of its directory download can have left one.</summary>
    internal bool NeedsNoJournal => NoEarlierRun && FitsOnePart;

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
