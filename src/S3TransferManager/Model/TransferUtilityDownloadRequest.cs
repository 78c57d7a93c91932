using Amazon.S3.Model;
using SdkDownloadRequest = Amazon.S3.Transfer.TransferUtilityDownloadRequest;
using S3TransferManager.Events;

namespace S3TransferManager;

/// <summary>Downloads one S3 object to a local file.</summary>
/// <remarks>
/// The object is fetched with parallel ranged GETs into a temporary file beside <see cref="FilePath"/>, which
/// replaces the destination only when every byte has arrived. A failed or cancelled download leaves an existing
/// destination untouched and no temporary file behind.
/// </remarks>
public sealed class TransferUtilityDownloadRequest : DownloadRequestBase
{
    /// <summary>The destination file. Its folder is created when missing (as the AWS SDK's TransferUtility does, so
    /// switching changes nothing); an existing file is replaced.</summary>
    public string? FilePath { get; set; }

    // The SDK's view of this request for progress arguments; rebuilt when the object or file changes.
    private SdkDownloadRequest? _sdkView;

    /// <summary>Raised as bytes are written, at most every 100 ms and every 1% of the length (at most 16 MiB), so a
    /// handler that prints stays cheap; the last event, with <see cref="WriteObjectProgressArgs.IsCompleted"/>, reports
    /// the object's whole length, also for an empty object. The arguments are the AWS SDK's type: their
    /// <see cref="WriteObjectProgressArgs.Request"/> is an <c>Amazon.S3.Transfer.TransferUtilityDownloadRequest</c>
    /// naming the bucket, key, version and file; the sender is this request. The bytes since the previous event are
    /// <c>IncrementTransferred</c> (<see cref="TransferProgressArgsExtensions"/>).</summary>
    public event EventHandler<WriteObjectProgressArgs>? WriteObjectProgressEvent;

    /// <summary>Receives the same progress as <see cref="WriteObjectProgressEvent"/>, one report per event, in order: for code that
    /// takes an <see cref="IProgress{T}"/> (a UI's <see cref="Progress{T}"/>, a test's recorder) rather than an event.</summary>
    /// <value><see langword="null"/> (the default): no reports.</value>
    /// <remarks><see cref="Progress{T}"/> posts each report to the synchronization context it was created on; where
    /// there is none (a console app, a service) it posts them to the thread pool, where handlers can run at the same
    /// time and out of order. Implement <see cref="IProgress{T}"/> directly to be called in order, on the transfer's
    /// thread.</remarks>
    public IProgress<TransferProgressArgs>? ProgressHandler { get; set; }

    /// <summary>Raised once, before the first request is sent.</summary>
    public event EventHandler<DownloadInitiatedEventArgs>? DownloadInitiatedEvent;

    /// <summary>Raised once, after the destination file is in place.</summary>
    public event EventHandler<DownloadCompletedEventArgs>? DownloadCompletedEvent;

    /// <summary>Raised once, when the download fails or is cancelled.</summary>
    public event EventHandler<DownloadFailedEventArgs>? DownloadFailedEvent;

    internal void Validate()
    {
        ValidateObject();
        ArgumentException.ThrowIfNullOrWhiteSpace(FilePath, nameof(FilePath));
        if (Directory.Exists(FilePath) || Path.EndsInDirectorySeparator(FilePath))
        {
            throw new ArgumentException($"FilePath '{FilePath}' names a folder; it must name a file.", nameof(FilePath));
        }
    }

    internal bool HasProgressSubscribers => WriteObjectProgressEvent is not null || ProgressHandler is not null;

    internal void OnProgress(ProgressStep step)
    {
        WriteObjectProgressArgs typed = SdkProgressArgs.WriteObject(SdkView(), step);
        WriteObjectProgressEvent?.Invoke(this, typed);
        ProgressHandler?.Report(typed);
    }

    /// <summary>The AWS SDK's request type describing this download, for <see cref="WriteObjectProgressArgs.Request"/>:
    /// made once and kept while the object and file it names stay the same.</summary>
    private SdkDownloadRequest SdkView()
    {
        SdkDownloadRequest? view = _sdkView;
        if (view is null || view.BucketName != BucketName || view.Key != Key || view.VersionId != VersionId || view.FilePath != FilePath)
        {
            view = new SdkDownloadRequest { BucketName = BucketName, Key = Key, VersionId = VersionId, FilePath = FilePath };
            _sdkView = view;
        }

        return view;
    }

    internal void OnInitiated(DownloadInitiatedEventArgs args) => DownloadInitiatedEvent?.Invoke(this, args);

    internal void OnCompleted(DownloadCompletedEventArgs args) => DownloadCompletedEvent?.Invoke(this, args);

    internal void OnFailed(DownloadFailedEventArgs args) => DownloadFailedEvent?.Invoke(this, args);
}
