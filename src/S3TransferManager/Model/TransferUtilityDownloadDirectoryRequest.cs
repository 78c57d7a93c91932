namespace S3TransferManager;

/// <summary>Downloads every object under a prefix into a local folder.</summary>
public sealed class TransferUtilityDownloadDirectoryRequest : GetRequestOptions
{
    /// <summary>The prefix to download; keys are mapped to paths relative to it, '/' being the separator. As on the
    /// AWS SDK, '\' is read as '/' and a leading '/' is dropped.</summary>
    /// <value>Defaults to <see langword="null"/>: the whole bucket.</value>
    public string? S3Directory { get; set; }

    /// <summary>The folder files are written under; created when missing. No file is ever written outside it.</summary>
    public string? LocalDirectory { get; set; }

    /// <summary>What to do when one object fails.</summary>
    /// <value>Defaults to <see cref="S3TransferManager.FailurePolicy.AbortOnFailure"/>.</value>
    public FailurePolicy FailurePolicy { get; set; } = FailurePolicy.AbortOnFailure;

    /// <summary>Objects are always downloaded concurrently, within <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>
    /// requests in flight in all; as on the AWS SDK, this says whether progress events name the object they report.</summary>
    /// <value>Defaults to <see langword="false"/>: <see cref="DirectoryTransferProgressArgs.CurrentFile"/> names the
    /// object whose progress raised the event. <see langword="true"/>: it is <see langword="null"/> and the current
    /// file's byte counts 0, as the AWS SDK reports them when it downloads objects concurrently.</value>
    public bool DownloadFilesConcurrently { get; set; }

    /// <summary>Whether <see cref="S3Directory"/> is used as given: when <see langword="false"/>, a trailing '/' is
    /// added, so "logs" lists the folder logs/ and not logs2/ or logs.txt. When <see langword="true"/> and the prefix
    /// does not end in '/', local paths keep what follows its last '/', as on the AWS SDK: with "2026-11-25", the keys
    /// "2026-11-25/a.txt" and "2026-11-25a.txt" are written to 2026-11-25/a.txt and 2026-11-25a.txt.</summary>
    /// <value>Defaults to <see langword="false"/>, as on the AWS SDK's request.</value>
    public bool DisableSlashCorrection { get; set; }

    /// <summary>Download only the objects the listing says changed after this time, as the AWS SDK does: the others
    /// are left out (no request, no failure, not counted).</summary>
    /// <value><see langword="null"/>: no condition.</value>
    public DateTime? ModifiedSinceDate { get; set; }

    /// <summary>Download only the objects the listing says did not change after this time, as the AWS SDK does: the
    /// others are left out (no request, no failure, not counted).</summary>
    /// <value><see langword="null"/>: no condition.</value>
    public DateTime? UnmodifiedSinceDate { get; set; }

    /// <summary>Raised once when the download starts, before the listing's first request. Not raised when the request
    /// is refused as invalid. A handler that throws stops the download with its exception.</summary>
    public event EventHandler<DownloadDirectoryInitiatedEventArgs>? DownloadDirectoryInitiatedEvent;

    /// <summary>Raised once when every object is done and the response is ready, also when some objects failed under
    /// <see cref="FailurePolicy.ContinueOnFailure"/>. Every object's own events come before it. A handler that throws
    /// makes the call throw its exception; the files stay.</summary>
    public event EventHandler<DownloadDirectoryCompletedEventArgs>? DownloadDirectoryCompletedEvent;

    /// <summary>Raised once when the download as a whole fails (the first object's error under
    /// <see cref="FailurePolicy.AbortOnFailure"/>, a failed listing, or cancellation), after the objects in flight have
    /// stopped and just before the error is thrown. A handler that throws is logged, and the caller still gets the
    /// download's error.</summary>
    public event EventHandler<DownloadDirectoryFailedEventArgs>? DownloadDirectoryFailedEvent;

    /// <summary>Raised before each object starts downloading, with the request that will be sent for it.</summary>
    public event EventHandler<DownloadInitiatedEventArgs>? ObjectDownloadInitiatedEvent;

    /// <summary>Raised when an object's file is complete.</summary>
    public event EventHandler<DownloadCompletedEventArgs>? ObjectDownloadCompletedEvent;

    /// <summary>Raised when an object fails (including a key refused as unsafe, or whose local path another key
    /// has).</summary>
    public event EventHandler<ObjectDownloadFailedEventArgs>? ObjectDownloadFailedEvent;

    /// <summary>Raised as objects move bytes and as each completes: objects done, bytes moved, the totals listed so far,
    /// and the file that raised it (see <see cref="DownloadDirectoryProgressArgs"/>). A handler that
    /// throws fails the object it was raised for.</summary>
    public event EventHandler<DownloadDirectoryProgressArgs>? DownloadedDirectoryProgressEvent;

    /// <summary>Raised for each object before its download starts, on the thread that downloads it, so the handler can
    /// change the object's request. A handler that throws fails that object with its exception.</summary>
    public event EventHandler<DownloadDirectoryFileRequestArgs>? DownloadDirectoryFileRequestEvent;

    internal void OnFileRequest(DownloadDirectoryFileRequestArgs args) => DownloadDirectoryFileRequestEvent?.Invoke(this, args);

    internal void OnInitiated(DownloadInitiatedEventArgs args) => ObjectDownloadInitiatedEvent?.Invoke(this, args);

    internal void OnCompleted(DownloadCompletedEventArgs args) => ObjectDownloadCompletedEvent?.Invoke(this, args);

    internal void OnFailed(ObjectDownloadFailedEventArgs args) => ObjectDownloadFailedEvent?.Invoke(this, args);

    internal void OnProgress(DownloadDirectoryProgressArgs args) => DownloadedDirectoryProgressEvent?.Invoke(this, args);

    internal bool HasProgressSubscribers => DownloadedDirectoryProgressEvent is not null;

    /// <summary>Whether a handler may choose another file for an object than the one its key maps to.</summary>
    internal bool HasFileRequestSubscribers => DownloadDirectoryFileRequestEvent is not null;

    internal void OnDirectoryInitiated(DownloadDirectoryInitiatedEventArgs args) => DownloadDirectoryInitiatedEvent?.Invoke(this, args);

    internal void OnDirectoryCompleted(DownloadDirectoryCompletedEventArgs args) => DownloadDirectoryCompletedEvent?.Invoke(this, args);

    internal void OnDirectoryFailed(DownloadDirectoryFailedEventArgs args) => DownloadDirectoryFailedEvent?.Invoke(this, args);

    internal void Validate()
    {
        if (string.IsNullOrWhiteSpace(BucketName))
        {
            throw new ArgumentException("BucketName is required.", nameof(BucketName));
        }

        if (string.IsNullOrWhiteSpace(LocalDirectory))
        {
            throw new ArgumentException("LocalDirectory is required.", nameof(LocalDirectory));
        }

        if (File.Exists(LocalDirectory))
        {
            throw new ArgumentException("LocalDirectory names a file, not a folder.", nameof(LocalDirectory));
        }
    }
}
