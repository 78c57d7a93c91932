using System.ComponentModel;

namespace S3TransferManager;

/// <summary>
/// Settings shared by every transfer a <see cref="TransferUtility"/> runs. They are validated once, when the
/// utility is constructed; changing the object afterwards has no effect on that utility.
/// </summary>
public sealed partial class TransferUtilityConfig
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
    /// requesting only the missing byte range again, per part, before the transfer fails; and how many times an
    /// upload request that stalled (<see cref="BodyStallTimeout"/>) is sent again before the upload is aborted with a
    /// <see cref="RequestStalledException"/>.
    /// </summary>
    /// <value>3. Zero disables resuming.</value>
    public int InterruptedBodyRetryAttempts { get; set; } = 3;

    /// <summary>The delay before the first resume of an interrupted body; it doubles for each further attempt (up to
    /// 20 seconds), and each delay is jittered between half and all of that, so parts that fail together do not come
    /// back together.</summary>
    /// <value>100 milliseconds.</value>
    public TimeSpan InterruptedBodyRetryDelay { get; set; } = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// How long a request may go without progress before it counts as stalled and is cancelled (which closes its
    /// connection) and sent again, within <see cref="InterruptedBodyRetryAttempts"/>: a download's response body that
    /// delivers no byte, an upload's body that stops being sent, and, until the utility has learned how long S3 takes to
    /// answer, a request with no answer (once it has, an upload request waits four times the 99th percentile of the
    /// answers seen, between 3 seconds and a minute or this value, whichever is longer; see docs/timeouts.md).
    /// The HTTP client's own timeout covers response headers, not a body that just stops; the AWS SDK's is unbounded for S3.
    /// The clock of a body runs only while a read or a send waits, so an OpenStream reader that pauses is never taken for a stall.
    /// </summary>
    /// <value>15 seconds: S3 answers in tens of milliseconds and streams at tens of MB/s per connection, so a healthy
    /// connection is never silent that long, and an unanswered request is sent again well within half a minute;
    /// botocore's read timeout is 60 s and the AWS SDK for .NET's unbounded for S3, long enough that one dead connection
    /// holds a whole transfer for minutes. <see cref="Timeout.InfiniteTimeSpan"/> turns every stall bound off.</value>
    public TimeSpan BodyStallTimeout { get; set; } = TimeSpan.FromSeconds(15);

    /// <summary>
    /// Whether a part request that has had no answer for well past the usual time (three times the 90th percentile of
    /// the answers this utility has seen, and at least 100 ms) gets a second, identical attempt alongside it: an upload's
    /// UploadPart, once its body was sent, or a download's ranged GET, before its response headers. The first to answer
    /// is kept and the other cancelled. A hedge takes a slot of the request budget and one of the part's
    /// <see cref="InterruptedBodyRetryAttempts"/>, and resends an upload part's bytes. It is meant for the rare answer
    /// that takes seconds instead of tenths (docs/timeouts.md has the measurement). Leave it off for uploads to objects
    /// encrypted with SSE-KMS or SSE-C: their parts' ETags differ from one attempt to the next, and when S3 stores the
    /// attempt whose answer was dropped, CompleteMultipartUpload fails with InvalidPart.
    /// </summary>
    /// <value><see langword="false"/>.</value>
    public bool HedgeSlowRequests { get; set; }

    /// <summary>
    /// The memory budget of the utility, shared by every transfer it runs at once. It feeds two budgets, and each takes
    /// the whole number (it is not split between them):
    /// <list type="bullet">
    /// <item><description><b>Buffered parts.</b> The pooled buffers of parts that wait in memory: OpenStream parts fetched
    /// ahead of their reader (each stream also within its own <c>MaxInMemoryParts</c> x <c>PartSize</c> window) and the
    /// parts of an upload from a stream, seekable or not, read ahead of their UploadPart. A part that does not fit waits,
    /// holding no thread, until earlier parts give their buffers back, first come first served (an OpenStream part its
    /// reader reaches meanwhile goes to the reader straight from its body, needing none). A transfer that holds
    /// none is always lent its next part, so the total may exceed the limit by one part per transfer and no transfer
    /// stops because others hold memory; the parts read to learn whether a stream reaches
    /// <see cref="MinSizeBeforePartUpload"/> take theirs without waiting. Downloads to a file (one 64 KiB buffer per
    /// connection), uploads from a file (read by offset) and copies hold no such buffers.</description></item>
    /// <item><description><b>Bytes in flight</b>, while <see cref="ConcurrentServiceRequests"/> is unset (the automatic
    /// budget): a request is lent a slot only while the bytes the requests in flight will move (each GET's range, each
    /// UploadPart's body) plus its own fit; a request larger than the limit goes alone. A transfer whose next part does
    /// not fit keeps its turn while smaller requests of other transfers go. A download of parts of 5 MiB or more starts
    /// the budget from as many of its parts as fit (256 MiB in 8 MiB parts: 32). A set <see cref="ConcurrentServiceRequests"/> counts
    /// requests, not bytes.</description></item>
    /// </list>
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
    /// The most bytes per second the utility moves, across every transfer it runs at once: download bodies as they are
    /// read, upload bodies as they are sent, shared first come, first served by a token bucket (one token per byte,
    /// refilled 20 times a second). Waiting for tokens is asynchronous: no thread is held. Accurate within a few percent
    /// over seconds; a transfer below the cap moves as fast as it would without one. Server-side copies move no bytes
    /// through the client and are not counted.
    /// </summary>
    /// <value><see langword="null"/> (the default): no cap, and nothing on the path of the bytes. At least 1; a cap above
    /// 16 GiB/s is held to 16 GiB/s. A cap far below what one part can move in the HTTP client's timeout makes requests
    /// time out: at 1 MB/s, 10 requests in flight each move 100 KB/s.</value>
    public long? MaxBytesPerSecond { get; set; }

    /// <summary>
    /// The clock the utility's timers, delays and time readings run on: the stall bounds of requests and bodies, the
    /// delays before a retry or a resume, the waits on a failure path, the spacing of progress events, the bandwidth
    /// cap's refills and the automatic budget's windows. Give a fake one (Microsoft.Extensions.Time.Testing's
    /// <c>FakeTimeProvider</c>, say) to test code that uses the utility without waiting for real time, as Polly and the
    /// Azure SDK take one. Three things stay on the system clock: two bounded waits that nothing would advance a fake
    /// clock through (<see cref="TransferUtility.Dispose"/>'s wait for the cleanup a cancelled transfer left running,
    /// which blocks the caller, and the grace a cancelled request's connection gets to close), and the durations the
    /// telemetry records. The AWS SDK's own retry delays and HTTP timeouts are the client's, on the system clock.
    /// </summary>
    /// <value><see langword="null"/> (the default): <see cref="System.TimeProvider.System"/>. The dependency injection
    /// registration (S3TransferManager.Extensions.DependencyInjection) sets it to the container's
    /// <see cref="System.TimeProvider"/> when one is registered and this is left unset.</value>
    public TimeProvider? TimeProvider { get; set; }

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

        if (MaxBytesPerSecond < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxBytesPerSecond), MaxBytesPerSecond, "The bandwidth cap must be at least 1 byte per second.");
        }

        if (InterruptedBodyRetryDelay < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(InterruptedBodyRetryDelay), InterruptedBodyRetryDelay, "The retry delay cannot be negative.");
        }

        ValidateResume();

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
            HedgeSlowRequests = HedgeSlowRequests,
            FlushToDisk = FlushToDisk,
            SkipDirectoryCaseSensitivityCheck = SkipDirectoryCaseSensitivityCheck,
            ValidateDownloadChecksums = ValidateDownloadChecksums,
            MaxBytesPerSecond = MaxBytesPerSecond,
            TimeProvider = TimeProvider,
        };
        CopyResumeTo(copy);
        return copy;
    }
}
