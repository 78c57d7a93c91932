using Amazon.S3;

namespace S3TransferManager;

/// <summary>Copies every object under a prefix to another prefix, in the same bucket or another one on the same
/// endpoint, server-side: each object as <see cref="TransferUtility.CopyWithResponseAsync(TransferUtilityCopyRequest, CancellationToken)"/>
/// copies it, keeping its metadata and tags.</summary>
public sealed class TransferUtilityCopyDirectoryRequest
{
    /// <summary>The bucket to list and copy from.</summary>
    public string? SourceBucket { get; set; }

    /// <summary>The prefix to copy; a prefix that does not end in '/' gets one, so "logs" copies the folder logs/ and
    /// not logs2/ or logs.txt.</summary>
    /// <value><see langword="null"/>: the whole bucket.</value>
    public string? SourcePrefix { get; set; }

    /// <summary>The bucket to copy into: the source's, or another one on the same endpoint.</summary>
    public string? DestinationBucket { get; set; }

    /// <summary>The prefix the copies are stored under, each as this prefix + its key after <see cref="SourcePrefix"/>;
    /// a prefix that does not end in '/' gets one.</summary>
    /// <value><see langword="null"/>: the bucket's root.</value>
    public string? DestinationPrefix { get; set; }

    /// <summary>What to do when one object fails.</summary>
    /// <value><see cref="S3TransferManager.FailurePolicy.AbortOnFailure"/>.</value>
    public FailurePolicy FailurePolicy { get; set; } = FailurePolicy.AbortOnFailure;

    /// <summary>The storage class of every copy.</summary>
    /// <value><see langword="null"/>: STANDARD.</value>
    public S3StorageClass? StorageClass { get; set; }

    /// <summary>The checksum S3 computes and stores for every copy.</summary>
    /// <value><see langword="null"/>: CRC64NVME.</value>
    public ChecksumAlgorithm? ChecksumAlgorithm { get; set; }

    /// <summary>The account that must own the destination bucket.</summary>
    public string? ExpectedBucketOwner { get; set; }

    /// <summary>The account that must own the source bucket; sent on the listing too.</summary>
    public string? ExpectedSourceBucketOwner { get; set; }

    /// <summary>Set to <see cref="RequestPayer.Requester"/> to list and copy a requester-pays bucket.</summary>
    public RequestPayer? RequestPayer { get; set; }

    /// <summary>Raised once when the copy starts, before the listing's first request.</summary>
    public event EventHandler<CopyDirectoryInitiatedEventArgs>? CopyDirectoryInitiatedEvent;

    /// <summary>Raised once when every object is done, also when some failed under
    /// <see cref="FailurePolicy.ContinueOnFailure"/>. A handler that throws makes the call throw its exception.</summary>
    public event EventHandler<CopyDirectoryCompletedEventArgs>? CopyDirectoryCompletedEvent;

    /// <summary>Raised once when the copy as a whole fails (the first object's error under
    /// <see cref="FailurePolicy.AbortOnFailure"/>, a failed listing, or cancellation), just before the error is thrown.
    /// A handler that throws is logged, and the caller still gets the copy's error.</summary>
    public event EventHandler<CopyDirectoryFailedEventArgs>? CopyDirectoryFailedEvent;

    /// <summary>Raised when an object fails.</summary>
    public event EventHandler<ObjectCopyFailedEventArgs>? ObjectCopyFailedEvent;

    /// <summary>Raised for each object before its copy starts, on the thread that copies it, so the handler can change
    /// the object's request (its directives, metadata, encryption, ...). A handler that throws fails that object.</summary>
    public event EventHandler<CopyDirectoryObjectRequestArgs>? CopyDirectoryObjectRequestEvent;

    /// <summary>Raised as objects complete (and as the parts of large ones do): objects done, bytes copied, the totals
    /// listed so far, and the key that raised it. A handler that throws fails the object it was raised for.</summary>
    public event EventHandler<CopyDirectoryProgressArgs>? CopyDirectoryProgressEvent;

    internal bool HasProgressSubscribers => CopyDirectoryProgressEvent is not null;

    internal void OnInitiated(CopyDirectoryInitiatedEventArgs args) => CopyDirectoryInitiatedEvent?.Invoke(this, args);

    internal void OnCompleted(CopyDirectoryCompletedEventArgs args) => CopyDirectoryCompletedEvent?.Invoke(this, args);

    internal void OnFailed(CopyDirectoryFailedEventArgs args) => CopyDirectoryFailedEvent?.Invoke(this, args);

    internal void OnObjectFailed(ObjectCopyFailedEventArgs args) => ObjectCopyFailedEvent?.Invoke(this, args);

    internal void OnObjectRequest(CopyDirectoryObjectRequestArgs args) => CopyDirectoryObjectRequestEvent?.Invoke(this, args);

    internal void OnProgress(CopyDirectoryProgressArgs args) => CopyDirectoryProgressEvent?.Invoke(this, args);

    /// <summary>The source prefix with its '/' (empty for the whole bucket).</summary>
    internal string ListPrefix => AsFolder(SourcePrefix);

    /// <summary>The destination prefix with its '/' (empty for the bucket's root).</summary>
    internal string TargetPrefix => AsFolder(DestinationPrefix);

    internal void Validate()
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(SourceBucket, nameof(SourceBucket));
        ArgumentException.ThrowIfNullOrWhiteSpace(DestinationBucket, nameof(DestinationBucket));
        if (ChecksumAlgorithm is { } algorithm && !Checksums.ChecksumHasher.IsSupported(algorithm))
        {
            throw new ArgumentException($"ChecksumAlgorithm {algorithm.Value} is not supported for copies; use CRC64NVME, CRC32, CRC32C, SHA1 or SHA256.",
                nameof(ChecksumAlgorithm));
        }

        if (SourceBucket == DestinationBucket && IsWithin(TargetPrefix, ListPrefix))
        {
            // The listing would find the copies it made and copy them again, without end.
            throw new ArgumentException(
                $"DestinationPrefix '{TargetPrefix}' lies within SourcePrefix '{ListPrefix}' of the same bucket: the copies would be listed and copied again.",
                nameof(DestinationPrefix));
        }
    }

    private static bool IsWithin(string prefix, string folder) => prefix.StartsWith(folder, StringComparison.Ordinal);

    private static string AsFolder(string? prefix) => string.IsNullOrEmpty(prefix) ? string.Empty : prefix.EndsWith('/') ? prefix : prefix + "/";
}
