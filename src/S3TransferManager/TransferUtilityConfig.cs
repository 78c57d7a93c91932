using System.ComponentModel;

namespace S3TransferManager;

/// <summary>
/// Settings shared by every transfer a <see cref="TransferUtility"/> runs. They are validated once, when the
/// utility is constructed; changing the object afterwards has no effect on that utility.
/// </summary>
public sealed class TransferUtilityConfig
{
    /// <summary>How many requests the utility keeps in flight at most, across every transfer it runs at once (each part
    /// of each object, and concurrent single transfers): a fixed budget and a hard cap, as in the AWS SDK. Transfers take
    /// turns: a small object never waits behind a big object's queue of parts.</summary>
    /// <value><see langword="null"/> (the default): automatic. The utility then budgets what is scarce rather than a
    /// request count: requests in flight start at 20 and grow while that raises the bytes or the requests done per
    /// second, up to a ceiling that fits the machine (32 per processor, between 64 and 256); the bytes the requests in flight will move stay within
    /// <see cref="BufferMemoryLimit"/>, so many small requests run at once while large parts keep to the memory budget;
    /// and when small requests take well over their quickest round trip (the endpoint queues them, or turns them away
    /// with 503 SlowDown and the client retries them after a backoff) the budget drops to what carries the rate the
    /// endpoint accepts, never below 10. Each slot may also carry one early request (the next part's, sent during the current body's
    /// last round trip). A number, at least 1, is a fixed budget and a hard cap on requests open, with no early
    /// requests: setting 10 behaves as the AWS SDK's default. The AWS SDK's property is an <see cref="int"/> defaulting
    /// to 10; code that assigns it compiles unchanged. See docs/architecture.md, "Scheduling".</value>
    public int? ConcurrentServiceRequests { get; set; }

    /// <summary>
    /// The ceiling of the automatic budget (see <see cref="ConcurrentServiceRequests"/>): it never has more than this
    /// many requests open, each counted (no slot carries an early request), and otherwise behaves as the default. With
    /// <see cref="ConcurrentServiceRequests"/> set too, the budget stays automatic, below both. Below 10 (the least the
    /// automatic budget goes down to), the budget stays at this number.
    /// </summary>
    /// <value><see langword="null"/> (the default): the ceiling that fits the machine. Must be at least 1.</value>
    public int? MaxConcurrentServiceRequests { get; set; }

    /// <summary>Uploads at least this large use a multipart upload; smaller ones a single PutObject.</summary>
    /// <value>16 MiB. Must be at least 1.</value>
    public long MinSizeBeforePartUpload { get; set; } = 16L * 1024 * 1024;

    /// <summary>
    /// How many times a response body that is cut off (an <see cref="IOException"/> while reading it) is resumed by
    /// requesting only the missing byte range again, per part, before the transfer fails.
    /// </summary>
    /// <value>3. Zero disables resuming.</value>
    public int InterruptedBodyRetryAttempts { get; set; } = 3;

    /// <summary>The delay before the first resume of an interrupted body; it doubles for each further attempt (up to
    /// 20 seconds), and each delay is jittered between half and all of that, so parts that fail together do not come
    /// back together.</summary>
    /// <value>100 milliseconds.</value>
    public TimeSpan InterruptedBodyRetryDelay { get; set; } = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// How long a download's response body may deliver no byte (or a part's request get no response) before it is
    /// treated like a cut-off body: the missing range is requested again, within <see cref="InterruptedBodyRetryAttempts"/>.
    /// The HTTP client's own timeout covers response headers, not a body that just stops sending. The clock runs only
    /// while a read waits, so an OpenStream reader that pauses is never taken for a stall.
    /// </summary>
    /// <value>30 seconds: S3 answers a GET in tens of milliseconds and streams at tens of MB/s per connection, so a
    /// healthy connection is never silent that long, even throttled; botocore's read timeout is 60 s and the AWS SDK
    /// for .NET's 300 s, long enough that one dead connection holds a whole transfer for minutes.
    /// <see cref="Timeout.InfiniteTimeSpan"/> turns detection off.</value>
    public TimeSpan BodyStallTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// How many bytes of pooled buffers the utility may hold at once for parts that wait in memory: OpenStream parts
    /// fetched ahead of their reader, and parts of non-seekable upload streams read ahead of their upload. Transfers
    /// share it; a transfer that holds none is always lent its next part, so the total may exceed the limit by one
    /// part per transfer, and no transfer stops because others hold memory. Downloads to a file and uploads from a file
    /// or seekable stream hold no such buffers.
    /// </summary>
    /// <value>256 MiB. Must be at least 1.</value>
    public long BufferMemoryLimit { get; set; } = 256L * 1024 * 1024;

    /// <summary>
    /// Whether downloads check the bytes they receive against the checksum S3 stored with the object (CRC64NVME, CRC32,
    /// CRC32C, SHA1 or SHA256). Each part is hashed as it passes; the part checksums are combined in order into the
    /// full-object value (no second read), or checked part by part for a composite checksum whose parts line up with
    /// the download's. A mismatch throws <see cref="ChecksumMismatchException"/> and nothing is written. When the first
    /// GET does not carry the checksum (S3 sends none with a ranged GET), one HEAD learns it, sent alongside the parts.
    /// The response's <c>ChecksumValidation</c> says what was checked.
    /// </summary>
    /// <value><see langword="true"/>. Turning it off saves the HEAD and the hashing.</value>
    public bool ValidateDownloadChecksums { get; set; } = true;

    /// <summary>
    /// Whether a downloaded file is flushed to the storage device before it is renamed over the destination, so that
    /// a power loss right after the download cannot leave a destination with missing data.
    /// </summary>
    /// <value><see langword="false"/>: the operating system's cache is trusted, as other transfer managers do.</value>
    public bool FlushToDisk { get; set; }

    /// <summary>
    /// Accepted for compatibility with the AWS SDK, where <see langword="true"/> turns off its check for keys that
    /// differ only by case on a case-insensitive file system, and the key downloaded last overwrites the other. Here
    /// the check is never turned off, so the value has no effect: a directory download learns how the local folder
    /// compares names (from one empty probe file, deleted at once), and of two keys that would write one file the one
    /// listed second fails with <see cref="LocalPathConflictException"/>, whatever this property says. Hidden from
    /// IntelliSense.
    /// </summary>
    /// <value>Defaults to <see langword="false"/>.</value>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool SkipDirectoryCaseSensitivityCheck { get; set; }

    internal TransferUtilityConfig Validated()
    {
        if (ConcurrentServiceRequests is < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(ConcurrentServiceRequests), ConcurrentServiceRequests, "At least 1 request must be allowed in flight.");
        }

        if (MaxConcurrentServiceRequests < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxConcurrentServiceRequests), MaxConcurrentServiceRequests, "The ceiling of the automatic budget must be at least 1.");
        }

        if (MinSizeBeforePartUpload < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MinSizeBeforePartUpload), MinSizeBeforePartUpload, "The multipart threshold must be at least 1 byte.");
        }

        if (BufferMemoryLimit < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(BufferMemoryLimit), BufferMemoryLimit, "The buffer memory limit must be at least 1 byte.");
        }

        if (InterruptedBodyRetryAttempts < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(InterruptedBodyRetryAttempts), InterruptedBodyRetryAttempts, "Retry attempts cannot be negative.");
        }

        if (BodyStallTimeout <= TimeSpan.Zero && BodyStallTimeout != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(BodyStallTimeout), BodyStallTimeout, "The stall timeout must be positive, or Timeout.InfiniteTimeSpan.");
        }

        if (InterruptedBodyRetryDelay < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(InterruptedBodyRetryDelay), InterruptedBodyRetryDelay, "The retry delay cannot be negative.");
        }

        // A private copy: the caller may keep mutating theirs.
        var copy = new TransferUtilityConfig
        {
            ConcurrentServiceRequests = ConcurrentServiceRequests,
            MinSizeBeforePartUpload = MinSizeBeforePartUpload,
            MaxConcurrentServiceRequests = MaxConcurrentServiceRequests,
            BufferMemoryLimit = BufferMemoryLimit,
            InterruptedBodyRetryAttempts = InterruptedBodyRetryAttempts,
            InterruptedBodyRetryDelay = InterruptedBodyRetryDelay,
            BodyStallTimeout = BodyStallTimeout,
            FlushToDisk = FlushToDisk,
            SkipDirectoryCaseSensitivityCheck = SkipDirectoryCaseSensitivityCheck,
            ValidateDownloadChecksums = ValidateDownloadChecksums,
        };
        return copy;
    }
}
