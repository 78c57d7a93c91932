using Amazon.S3;

namespace S3TransferManager;

/// <summary>Uploads the files of a local folder, each as one object under <see cref="KeyPrefix"/>. The options of
/// <see cref="BaseUploadRequest"/> (encryption, storage class, tags, headers...) apply to every file.</summary>
public sealed class TransferUtilityUploadDirectoryRequest : BaseUploadRequest
{
    /// <summary>The bucket to upload to.</summary>
    public string? BucketName { get; set; }

    /// <summary>The local folder to upload; it must exist.</summary>
    public string? Directory { get; set; }

    /// <summary>Put before each file's relative path ('/' separated) to form its key, with a '/' between them when the
    /// prefix does not end in one (as the AWS SDK does: "backup" and "backup/" both give "backup/a.txt").</summary>
    /// <value>Defaults to <see langword="null"/>: keys are the relative paths.</value>
    public string? KeyPrefix { get; set; }

    /// <summary>Which file names to upload, as for <see cref="System.IO.Directory.EnumerateFiles(string, string, SearchOption)"/>.</summary>
    /// <value>Defaults to <c>"*"</c>.</value>
    public string SearchPattern { get; set; } = "*";

    /// <summary>Whether sub-folders are uploaded too.</summary>
    /// <value>Defaults to <see cref="SearchOption.TopDirectoryOnly"/>.</value>
    public SearchOption SearchOption { get; set; } = SearchOption.TopDirectoryOnly;

    /// <summary>What to do when one file fails.</summary>
    /// <value>Defaults to <see cref="S3TransferManager.FailurePolicy.AbortOnFailure"/>.</value>
    public FailurePolicy FailurePolicy { get; set; } = FailurePolicy.AbortOnFailure;

    /// <summary>Files are always uploaded concurrently, within <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>
    /// requests in flight in all; as on the AWS SDK, this says whether progress events name the file they report.</summary>
    /// <value>Defaults to <see langword="false"/>: <see cref="DirectoryTransferProgressArgs.CurrentFile"/> names the
    /// file whose progress raised the event. <see langword="true"/>: it is <see langword="null"/> and the current file's
    /// byte counts 0, as the AWS SDK reports them when it uploads files concurrently.</value>
    public bool UploadFilesConcurrently { get; set; }

    /// <summary>Whether the folder is walked once, before the first upload, to count its files and their bytes, as the
    /// AWS SDK does, so that <see cref="UploadDirectoryInitiatedEvent"/> and every progress event carry the final totals.
    /// The walk keeps no path; the upload then enumerates the folder again, lazily.</summary>
    /// <value>Defaults to <see langword="null"/>: a folder of up to 100,000 matching files is counted first; a larger
    /// one starts uploading at once, and the initiated event reports -1 for both totals, so the first byte is not held
    /// back while millions of files are walked. <see langword="true"/> counts every folder first, as the AWS SDK does;
    /// <see langword="false"/> never counts.</value>
    public bool? CountFilesFirst { get; set; }

    /// <summary>The Content-Type of every object.</summary>
    /// <value>Defaults to <see langword="null"/>: each file's type is inferred from its extension, as the AWS SDK does
    /// (see <see cref="TransferUtilityUploadRequest.ContentType"/>).</value>
    public string? ContentType { get; set; }

    /// <summary>User metadata stored with every object.</summary>
    public IDictionary<string, string> Metadata { get; } = new Dictionary<string, string>();

    /// <summary>The checksum each object is sent with; <see langword="null"/> for the upload default.</summary>
    /// <value>Defaults to <see langword="null"/>.</value>
    public ChecksumAlgorithm? ChecksumAlgorithm { get; set; }

    /// <summary>The part size of files uploaded in parts, as set; <see langword="null"/> when the library sizes each
    /// file's parts.</summary>
    /// <value><see langword="null"/> (the default): automatic, each file's parts sized into whole waves as
    /// <see cref="TransferUtilityUploadRequest.PartSize"/> left unset sizes them (files in flight together share the
    /// requests, so there the waves are only a heuristic). A number, between 5 MiB and 5 GiB, is every file's part size,
    /// used as given (grown only for S3's 10,000-part limit).</value>
    public long? PartSize { get; set; }

    /// <summary>Raised once when the upload starts, before the folder is enumerated and before any request is sent.
    /// Not raised when the request is refused as invalid. A handler that throws stops the upload with its exception.
    /// </summary>
    public event EventHandler<UploadDirectoryInitiatedEventArgs>? UploadDirectoryInitiatedEvent;

    /// <summary>Raised once when every file is done and the response is ready, also when some files failed under
    /// <see cref="FailurePolicy.ContinueOnFailure"/>. Every file's own events come before it. A handler that throws
    /// makes the call throw its exception; the files stay uploaded.</summary>
    public event EventHandler<UploadDirectoryCompletedEventArgs>? UploadDirectoryCompletedEvent;

    /// <summary>Raised once when the upload as a whole fails (the first file's error under
    /// <see cref="FailurePolicy.AbortOnFailure"/>, or cancellation), after the files in flight have stopped and just
    /// before the error is thrown. A handler that throws is logged, and the caller still gets the upload's error.</summary>
    public event EventHandler<UploadDirectoryFailedEventArgs>? UploadDirectoryFailedEvent;

    /// <summary>Raised when a file fails.</summary>
    public event EventHandler<ObjectUploadFailedEventArgs>? ObjectUploadFailedEvent;

    /// <summary>Raised as files move bytes and as each completes: files done, bytes moved, the totals found so far, and
    /// the file that raised it (see <see cref="UploadDirectoryProgressArgs"/>). A handler that
    /// throws fails the file it was raised for.</summary>
    public event EventHandler<UploadDirectoryProgressArgs>? UploadDirectoryProgressEvent;

    /// <summary>Raised for each file before its upload starts, on the thread that uploads it, so the handler can change
    /// the file's request. A handler that throws fails that file with its exception.</summary>
    public event EventHandler<UploadDirectoryFileRequestArgs>? UploadDirectoryFileRequestEvent;

    internal void OnFileRequest(UploadDirectoryFileRequestArgs args) => UploadDirectoryFileRequestEvent?.Invoke(this, args);

    internal void OnFailed(ObjectUploadFailedEventArgs args) => ObjectUploadFailedEvent?.Invoke(this, args);

    internal void OnProgress(UploadDirectoryProgressArgs args) => UploadDirectoryProgressEvent?.Invoke(this, args);

    internal bool HasProgressSubscribers => UploadDirectoryProgressEvent is not null;

    internal void OnDirectoryInitiated(UploadDirectoryInitiatedEventArgs args) => UploadDirectoryInitiatedEvent?.Invoke(this, args);

    internal void OnDirectoryCompleted(UploadDirectoryCompletedEventArgs args) => UploadDirectoryCompletedEvent?.Invoke(this, args);

    internal void OnDirectoryFailed(UploadDirectoryFailedEventArgs args) => UploadDirectoryFailedEvent?.Invoke(this, args);

    /// <summary>The key of a file at <paramref name="relativePath"/> ('/' separated) under the folder.</summary>
    internal string KeyFor(string relativePath) => KeyPrefix switch
    {
        null or "" => relativePath,
        _ when KeyPrefix.EndsWith('/') => KeyPrefix + relativePath,
        _ => KeyPrefix + "/" + relativePath,
    };

    internal TransferUtilityUploadRequest ForFile(string filePath, string key)
    {
        var request = new TransferUtilityUploadRequest
        {
            BucketName = BucketName, Key = key, FilePath = filePath, ContentType = ContentType,
            ChecksumAlgorithm = ChecksumAlgorithm, PartSize = PartSize,
        };
        CopyOptionsTo(request);
        foreach (KeyValuePair<string, string> pair in Metadata)
        {
            request.Metadata[pair.Key] = pair.Value;
        }

        return request;
    }

    internal void Validate()
    {
        if (string.IsNullOrWhiteSpace(BucketName))
        {
            throw new ArgumentException("BucketName is required.", nameof(BucketName));
        }

        if (string.IsNullOrWhiteSpace(Directory))
        {
            throw new ArgumentException("Directory is required.", nameof(Directory));
        }

        if (!System.IO.Directory.Exists(Directory))
        {
            throw new DirectoryNotFoundException($"The folder '{Directory}' does not exist.");
        }
    }
}
