using S3TransferManager.Internal;

namespace S3TransferManager;

/// <summary>
/// Settings shared by every transfer a <see cref="TransferUtility"/> runs. They are validated once, when the
/// utility is constructed; changing the object afterwards has no effect on that utility.
/// </summary>
public sealed class TransferUtilityConfig
{
    /// <summary>How many requests one transfer keeps in flight at most.</summary>
    /// <value>10. Must be at least 1.</value>
    public int ConcurrentServiceRequests { get; set; } = 10;

    /// <summary>Uploads at least this large use a multipart upload; smaller ones a single PutObject.</summary>
    /// <value>16 MiB. Must be at least 1.</value>
    public long MinSizeBeforePartUpload { get; set; } = 16L * 1024 * 1024;

    /// <summary>
    /// How many times a response body that is cut off (an <see cref="IOException"/> while reading it) is resumed by
    /// requesting only the missing byte range again, per part, before the transfer fails.
    /// </summary>
    /// <value>3. Zero disables resuming.</value>
    public int InterruptedBodyRetryAttempts { get; set; } = 3;

    /// <summary>The delay before the first resume of an interrupted body; it doubles for each further attempt.</summary>
    /// <value>100 milliseconds.</value>
    public TimeSpan InterruptedBodyRetryDelay { get; set; } = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// Whether a downloaded file is flushed to the storage device before it is renamed over the destination, so that
    /// a power loss right after the download cannot leave a destination with missing data.
    /// </summary>
    /// <value><see langword="false"/>: the operating system's cache is trusted, as other transfer managers do.</value>
    public bool FlushToDisk { get; set; }

    /// <summary>How long a failure path waits for anything it does not control: in-flight parts to stop after a failure
    /// or cancellation, and AbortMultipartUpload. Internal: tests shorten it.</summary>
    internal TimeSpan FailureWaitLimit { get; init; } = TransferLimits.FailureWaitLimit;

    internal TransferUtilityConfig Validated()
    {
        if (ConcurrentServiceRequests < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(ConcurrentServiceRequests), ConcurrentServiceRequests, "At least 1 request must be allowed in flight.");
        }

        if (MinSizeBeforePartUpload < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MinSizeBeforePartUpload), MinSizeBeforePartUpload, "The multipart threshold must be at least 1 byte.");
        }

        if (InterruptedBodyRetryAttempts < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(InterruptedBodyRetryAttempts), InterruptedBodyRetryAttempts, "Retry attempts cannot be negative.");
        }

        if (InterruptedBodyRetryDelay < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(InterruptedBodyRetryDelay), InterruptedBodyRetryDelay, "The retry delay cannot be negative.");
        }

        // A private copy: the caller may keep mutating theirs.
        return new TransferUtilityConfig
        {
            ConcurrentServiceRequests = ConcurrentServiceRequests,
            MinSizeBeforePartUpload = MinSizeBeforePartUpload,
            InterruptedBodyRetryAttempts = InterruptedBodyRetryAttempts,
            InterruptedBodyRetryDelay = InterruptedBodyRetryDelay,
            FlushToDisk = FlushToDisk,
            FailureWaitLimit = FailureWaitLimit,
        };
    }
}
