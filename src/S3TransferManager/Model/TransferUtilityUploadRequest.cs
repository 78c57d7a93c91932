using Amazon.S3;
using S3TransferManager.Events;
using S3TransferManager.Multipart;

namespace S3TransferManager;

/// <summary>Uploads one S3 object from a local file or from a stream.</summary>
/// <remarks>
/// Exactly one of <see cref="FilePath"/> and <see cref="InputStream"/> is set. Objects smaller than
/// <see cref="TransferUtilityConfig.MinSizeBeforePartUpload"/> go up in one PutObject; larger ones as a multipart
/// upload with up to <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> parts in flight. A failed or
/// cancelled multipart upload is aborted, so it leaves no parts behind to pay for.
/// </remarks>
public sealed partial class TransferUtilityUploadRequest : BaseUploadRequest, IStoredOptions
{
    /// <summary>The bucket to upload into.</summary>
    public string? BucketName { get; set; }

    /// <summary>The key the object is stored under.</summary>
    public string? Key { get; set; }

    /// <summary>The file to upload; its parts are read by offset, several at once, with no part held in memory.</summary>
    public string? FilePath { get; set; }

    /// <summary>
    /// The stream to upload: a seekable one from its start (<see cref="AutoResetStreamPosition"/>, as on the AWS SDK),
    /// or from where the caller left it when that is turned off (then one left at its end, with a length above 0, is an
    /// <see cref="ArgumentException"/> rather than an empty object). A seekable stream's length is known up front;
    /// a non-seekable one (a pipe, a network or compressor stream) is read ahead part by part into 64 KiB pooled chunks
    /// while earlier parts upload, holding at most (<see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> + 1)
    /// parts in memory (or the parts read ahead to find out whether the stream reaches
    /// <see cref="TransferUtilityConfig.MinSizeBeforePartUpload"/>, if more). A seekable stream is read in order the same
    /// way (parts of one stream cannot be read concurrently). Because its length is unknown, it can hold at most 10,000 x <see cref="PartSize"/> bytes
    /// (80,000 MiB with <see cref="PartSize"/> unset, which is 8 MiB parts for such a stream); a longer one fails with <see cref="PartLimitExceededException"/>, so set a
    /// larger <see cref="PartSize"/> for bigger streams.
    /// </summary>
    public Stream? InputStream { get; set; }

    /// <summary>Whether a seekable <see cref="InputStream"/> is rewound to its start before the upload.</summary>
    /// <value><see langword="true"/>, as on the AWS SDK: a stream just written and not rewound uploads whole.
    /// <see langword="false"/> reads it from where the caller left it.</value>
    public bool AutoResetStreamPosition { get; set; } = true;

    /// <summary>Whether <see cref="InputStream"/> is disposed when the upload ends, successfully or not.</summary>
    /// <value><see langword="true"/>, as on the AWS SDK. <see langword="false"/> leaves the caller's stream open.</value>
    public bool AutoCloseStream { get; set; } = true;

    /// <summary>The size of each part of a multipart upload, as set; <see langword="null"/> when the library sizes the
    /// parts. For a file or seekable stream a set size grows to ceil(length / 10,000) when needed, so no upload needs
    /// more than S3's 10,000 parts.</summary>
    /// <value><see langword="null"/> (the default): automatic. A file's or seekable stream's parts are sized to fill
    /// whole waves of the requests the budget starts with, so all connections finish together: near 8 MiB, between
    /// 5 MiB and 12 MiB, or larger where 10,000 parts need it (the automatic budget starts with 20 requests, so 256 MiB goes as 40 parts of ~6.4 MiB; with
    /// <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> set to 10, as 30 parts of ~8.5 MiB, three waves of
    /// 10, rather than 32 of 8 MiB, whose fourth wave keeps 2 of 10 connections busy). A stream of unknown length goes
    /// in parts of 8 MiB. A number, between 5 MiB (S3's smallest part) and 5 GiB, is used as given (grown only for the
    /// 10,000-part limit); one out of range is an <see cref="ArgumentOutOfRangeException"/> when the upload starts.
    /// The AWS SDK's property is a <see cref="long"/> that reads 0 when unset: code that assigns a <see cref="long"/>
    /// compiles unchanged, code that reads it into a <see cref="long"/> needs a <c>??</c> (docs/compatibility.md).</value>
    public long? PartSize { get; set; }

    /// <summary>The KMS context under the name the copy request gives it, so both store it through one path.</summary>
    string? IStoredOptions.ServerSideEncryptionKeyManagementServiceEncryptionContext => SSEKMSEncryptionContext;

    /// <summary>The object's Content-Type.</summary>
    /// <value><see langword="null"/>: inferred as the AWS SDK infers it, from the extension of
    /// <see cref="FilePath"/>, else of <see cref="Key"/> (<c>Amazon.S3.Util.AmazonS3Util.MimeTypeFromExtension</c>:
    /// ".css" is "text/css", an unknown extension "application/octet-stream"); with no extension, "text/plain" for a
    /// single PutObject and "application/octet-stream" for a multipart upload. Never an empty type, which some servers
    /// store as a form post.</value>
    public string? ContentType { get; set; }

    /// <summary>User metadata stored with the object (sent as x-amz-meta-*), keyed without the prefix.</summary>
    public IDictionary<string, string> Metadata { get; } = new Dictionary<string, string>();

    /// <summary>
    /// The checksum the library computes over each request body and sends for S3 to verify and store: CRC32, CRC32C,
    /// SHA1, SHA256 or CRC64NVME (any other is an <see cref="ArgumentException"/>). A multipart upload with a CRC
    /// stores a full-object checksum: the library combines the part CRCs into the whole object's CRC (no second pass over
    /// the data) and sends it with CompleteMultipartUpload, so S3 checks the assembled object and any client can validate
    /// a download against it. SHA1 and SHA256 cannot be combined and store S3's composite (a checksum of the part
    /// checksums, suffixed with the part count).
    /// </summary>
    /// <value><see langword="null"/>: CRC32, as the AWS SDKs compute by default. It is the cheapest to compute here
    /// (hardware-assisted, about 7 GB/s per core), combines into a full-object checksum that every download can validate
    /// (this library's, the AWS CLI's, the CRT's), and S3 requires one for object-lock uploads anyway.
    /// <see cref="BaseUploadRequest.DisableDefaultChecksumValidation"/> = <see langword="true"/> sends none.</value>
    public ChecksumAlgorithm? ChecksumAlgorithm { get; set; }

    /// <summary>The checksum the commands compute: the caller's; CRC32 by default; none only when the caller turned the
    /// default off, or the client computes checksums only when required (never for object lock, which S3 refuses
    /// without one).</summary>
    internal ChecksumAlgorithm? EffectiveChecksumAlgorithm =>
        ChecksumAlgorithm
        ?? PrecomputedAlgorithm
        ?? ((DisableDefaultChecksumValidation == true || ChecksumsOnlyWhenRequired)
            && ObjectLockMode is null && ObjectLockRetainUntilDate is null && ObjectLockLegalHoldStatus is null
            ? null
            : Amazon.S3.ChecksumAlgorithm.CRC32);

    /// <summary>Set by the upload from the client's <c>RequestChecksumCalculation = WHEN_REQUIRED</c>: no default checksum.</summary>
    internal bool ChecksumsOnlyWhenRequired { get; set; }

    /// <summary>Stores the object only if no object has the key yet: "*" (If-None-Match). Sent on PutObject, and on
    /// CompleteMultipartUpload for a multipart upload (S3 checks the condition when the object is stored); a refused
    /// condition fails with HTTP 412 and the multipart upload is aborted.</summary>
    public string? IfNoneMatch { get; set; }

    /// <summary>Stores the object only if the current one has this ETag (If-Match). Sent like <see cref="IfNoneMatch"/>.</summary>
    public string? IfMatch { get; set; }

    /// <summary>The Expires header stored with the object, as an HTTP date (<see cref="BaseUploadRequest.Headers"/>
    /// also takes it as a <see cref="DateTime"/>).</summary>
    public string? Expires { get; set; }

    /// <summary>Sets <see cref="AutoCloseStream"/> and returns this request, as on the AWS SDK's request.</summary>
    /// <param name="autoCloseStream">Whether the stream is disposed when the upload ends.</param>
    /// <returns>This request.</returns>
    public TransferUtilityUploadRequest WithAutoCloseStream(bool autoCloseStream)
    {
        AutoCloseStream = autoCloseStream;
        return this;
    }

    /// <summary>Raised as parts finish, at most every 100 ms and every 1% of the length (16 MiB while it is unknown, and
    /// at most 16 MiB), so a handler that prints stays cheap; <see cref="Amazon.S3.Model.TransferProgressArgs.TotalBytes"/> is -1 while
    /// the length of a non-seekable stream is not yet known. The last event reports the whole length, also for an
    /// empty upload. The sender is this request.</summary>
    public event EventHandler<UploadProgressArgs>? UploadProgressEvent;

    /// <summary>Receives the same progress as <see cref="UploadProgressEvent"/>, one report per event, in order: for code that
    /// takes an <see cref="IProgress{T}"/> (a UI's <see cref="Progress{T}"/>, a test's recorder) rather than an event.</summary>
    /// <value><see langword="null"/> (the default): no reports.</value>
    /// <remarks><see cref="Progress{T}"/> posts each report to the synchronization context it was created on; where
    /// there is none (a console app, a service) it posts them to the thread pool, where handlers can run at the same
    /// time and out of order. Implement <see cref="IProgress{T}"/> directly to be called in order, on the transfer's
    /// thread.</remarks>
    public IProgress<Amazon.S3.Model.TransferProgressArgs>? ProgressHandler { get; set; }

    /// <summary>Raised once, before the first request is sent.</summary>
    public event EventHandler<UploadInitiatedEventArgs>? UploadInitiatedEvent;

    /// <summary>Raised once, after the object is stored.</summary>
    public event EventHandler<UploadCompletedEventArgs>? UploadCompletedEvent;

    /// <summary>Raised once, when the upload fails or is cancelled (after any multipart upload was aborted).</summary>
    public event EventHandler<UploadFailedEventArgs>? UploadFailedEvent;

    internal bool HasProgressSubscribers => UploadProgressEvent is not null || ProgressHandler is not null;

    internal void OnProgress(ProgressStep step)
    {
        var typed = new UploadProgressArgs(step, this);
        UploadProgressEvent?.Invoke(this, typed);
        ProgressHandler?.Report(typed);
    }

    internal void OnInitiated(UploadInitiatedEventArgs args) => UploadInitiatedEvent?.Invoke(this, args);

    internal void OnCompleted(UploadCompletedEventArgs args) => UploadCompletedEvent?.Invoke(this, args);

    internal void OnFailed(UploadFailedEventArgs args) => UploadFailedEvent?.Invoke(this, args);

    internal void Validate()
    {
        if (AutoResetStreamPosition && InputStream is { CanSeek: true } rewind)
        {
            rewind.Position = 0;
        }

        // Whitespace-only names are rejected before any request: no bucket name can hold one, and a key of spaces,
        // though S3 would store it, is almost always an unset variable.
        ArgumentException.ThrowIfNullOrWhiteSpace(BucketName, nameof(BucketName));
        ArgumentException.ThrowIfNullOrWhiteSpace(Key, nameof(Key));
        if (PartSize is < TransferLimits.MinPartSize or > TransferLimits.MaxPartSize)
        {
            throw new ArgumentOutOfRangeException(nameof(PartSize), PartSize, "PartSize must be between 5 MiB and 5 GiB.");
        }

        if ((FilePath is null) == (InputStream is null))
        {
            throw new ArgumentException("Set exactly one of FilePath and InputStream.", FilePath is null ? nameof(InputStream) : nameof(FilePath));
        }

        if (ChecksumAlgorithm is { } algorithm && !Checksums.ChecksumHasher.IsSupported(algorithm))
        {
            throw new ArgumentException($"ChecksumAlgorithm {algorithm.Value} is not supported for uploads; use CRC32, CRC32C, CRC64NVME, SHA1 or SHA256.", nameof(ChecksumAlgorithm));
        }

        ValidatePrecomputed();

        if (InputStream is { CanRead: false })
        {
            throw new ArgumentException("InputStream cannot be read (it is write-only or disposed).", nameof(InputStream));
        }

        if (InputStream is { CanSeek: true } seekable && seekable.Length > 0 && seekable.Position >= seekable.Length)
        {
            // The stream is read from its position; left at its end (a MemoryStream just written, say) it would store
            // an empty object without a word. An empty stream (length 0) still uploads an empty object.
            throw new ArgumentException(
                $"InputStream is at its end (position {seekable.Position} of {seekable.Length}), so nothing would be uploaded. "
                + "Set its Position to where the upload should start (0 for all of it).", nameof(InputStream));
        }

        if (FilePath is not null)
        {
            ArgumentException.ThrowIfNullOrWhiteSpace(FilePath, nameof(FilePath));
            if (Directory.Exists(FilePath))
            {
                throw new ArgumentException($"FilePath '{FilePath}' names a folder; it must name a file.", nameof(FilePath));
            }

            if (!File.Exists(FilePath))
            {
                // FileNotFoundException, not ArgumentException: the argument is well-formed, the file is absent. It is
                // what File.OpenRead (and the AWS SDK's TransferUtility) throws for the same input.
                throw new FileNotFoundException($"The file to upload, '{FilePath}', does not exist.", FilePath);
            }
        }
    }
}
