using S3TransferManager.Copy;

namespace S3TransferManager;

/// <summary>Server-side copies: objects copied by S3 itself, their bytes never passing through this machine.</summary>
public sealed partial class TransferUtility
{
    /// <summary>
    /// Copies an object to another key, in its bucket or another one on the same endpoint, without downloading it. One
    /// HEAD learns the source's size and ETag; below <see cref="TransferUtilityConfig.MinSizeBeforePartUpload"/> one
    /// CopyObject copies it, above (and always above 5 GiB) a multipart upload of UploadPartCopy ranges, up to
    /// <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> at once on the utility's shared budget. Every request
    /// names the source's ETag (x-amz-copy-source-if-match), so a source replaced during the copy fails it instead of
    /// mixing versions. The copy keeps or replaces the source's metadata and tags as
    /// <see cref="TransferUtilityCopyRequest.MetadataDirective"/> and <see cref="TransferUtilityCopyRequest.TaggingDirective"/>
    /// say, and S3 stores a CRC64NVME for it unless <see cref="TransferUtilityCopyRequest.ChecksumAlgorithm"/> names another.
    /// </summary>
    /// <param name="request">What to copy, and where.</param>
    /// <param name="cancellationToken">Cancels the copy; a multipart copy is aborted.</param>
    /// <returns>The copy's ETag, version, checksum and part count.</returns>
    /// <exception cref="ArgumentException">A bucket or key is missing or blank, <see cref="TransferUtilityCopyRequest.PartSize"/>
    /// is out of range, the checksum algorithm is not one S3 computes for copies, or metadata or tags are given without the
    /// REPLACE directive that would store them. Nothing is sent.</exception>
    /// <exception cref="ObjectModifiedException">The source does not have <see cref="TransferUtilityCopyRequest.ETagToMatch"/>,
    /// or changed during the copy; a multipart copy was aborted.</exception>
    /// <exception cref="UnexpectedResponseException">CompleteMultipartUpload answered without storing the object; the
    /// upload was aborted.</exception>
    /// <exception cref="Amazon.S3.AmazonS3Exception">S3 refused a request (a missing source, access denied, ...); a
    /// multipart copy was aborted.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled; a multipart copy
    /// was aborted.</exception>
    public Task<TransferUtilityCopyResponse> CopyWithResponseAsync(TransferUtilityCopyRequest request, CancellationToken cancellationToken = default) =>
        new CopyCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>Copies an object with its metadata and tags; see
    /// <see cref="CopyWithResponseAsync(TransferUtilityCopyRequest, CancellationToken)"/>.</summary>
    /// <param name="sourceBucket">The bucket of the object to copy.</param>
    /// <param name="sourceKey">The key of the object to copy.</param>
    /// <param name="destinationBucket">The bucket to copy into.</param>
    /// <param name="destinationKey">The key to store the copy under.</param>
    /// <param name="cancellationToken">Cancels the copy.</param>
    /// <returns>The copy's ETag, version, checksum and part count.</returns>
    public Task<TransferUtilityCopyResponse> CopyWithResponseAsync(string sourceBucket, string sourceKey, string destinationBucket,
        string destinationKey, CancellationToken cancellationToken = default) =>
        CopyWithResponseAsync(new TransferUtilityCopyRequest
        {
            SourceBucket = sourceBucket, SourceKey = sourceKey, DestinationBucket = destinationBucket, DestinationKey = destinationKey,
        }, cancellationToken);

    /// <inheritdoc cref="CopyWithResponseAsync(TransferUtilityCopyRequest, CancellationToken)"/>
    public Task CopyAsync(TransferUtilityCopyRequest request, CancellationToken cancellationToken = default) =>
        CopyWithResponseAsync(request, cancellationToken);

    /// <inheritdoc cref="CopyWithResponseAsync(string, string, string, string, CancellationToken)"/>
    public Task CopyAsync(string sourceBucket, string sourceKey, string destinationBucket, string destinationKey,
        CancellationToken cancellationToken = default) =>
        CopyWithResponseAsync(sourceBucket, sourceKey, destinationBucket, destinationKey, cancellationToken);

    /// <summary>
    /// Copies every object under <see cref="TransferUtilityCopyDirectoryRequest.SourcePrefix"/> to
    /// <see cref="TransferUtilityCopyDirectoryRequest.DestinationPrefix"/>, server-side, keeping each one's metadata and
    /// tags. Copies start while the listing goes on, all on the utility's one budget of
    /// <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>; the listing's size and ETag stand in for each
    /// object's HEAD, so an object below the multipart threshold costs one CopyObject.
    /// </summary>
    /// <param name="request">What to copy, and where.</param>
    /// <param name="cancellationToken">Cancels the copy; objects in flight stop and multipart copies are aborted.</param>
    /// <returns>How many objects were copied and which failed.</returns>
    /// <exception cref="ArgumentException">A bucket is missing, or the destination prefix lies within the source prefix
    /// of the same bucket. Nothing is sent.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    /// <remarks>Under <see cref="FailurePolicy.AbortOnFailure"/> the first object's error is thrown after the objects in
    /// flight have been cancelled; under <see cref="FailurePolicy.ContinueOnFailure"/> errors are in the response. A
    /// failed listing is always thrown.</remarks>
    public Task<TransferUtilityCopyDirectoryResponse> CopyDirectoryWithResponseAsync(TransferUtilityCopyDirectoryRequest request,
        CancellationToken cancellationToken = default) =>
        new CopyDirectoryCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>Copies every object under a prefix to another prefix; see
    /// <see cref="CopyDirectoryWithResponseAsync(TransferUtilityCopyDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="sourceBucket">The bucket to copy from.</param>
    /// <param name="sourcePrefix">The prefix to copy.</param>
    /// <param name="destinationBucket">The bucket to copy into.</param>
    /// <param name="destinationPrefix">The prefix to copy under.</param>
    /// <param name="cancellationToken">Cancels the copy.</param>
    /// <returns>How many objects were copied and which failed.</returns>
    public Task<TransferUtilityCopyDirectoryResponse> CopyDirectoryWithResponseAsync(string sourceBucket, string sourcePrefix,
        string destinationBucket, string destinationPrefix, CancellationToken cancellationToken = default) =>
        CopyDirectoryWithResponseAsync(new TransferUtilityCopyDirectoryRequest
        {
            SourceBucket = sourceBucket, SourcePrefix = sourcePrefix, DestinationBucket = destinationBucket, DestinationPrefix = destinationPrefix,
        }, cancellationToken);

    /// <inheritdoc cref="CopyDirectoryWithResponseAsync(TransferUtilityCopyDirectoryRequest, CancellationToken)"/>
    public Task CopyDirectoryAsync(TransferUtilityCopyDirectoryRequest request, CancellationToken cancellationToken = default) =>
        CopyDirectoryWithResponseAsync(request, cancellationToken);
}
