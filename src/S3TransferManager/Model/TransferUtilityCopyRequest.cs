using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Copy;
using S3TransferManager.Events;
using S3TransferManager.Multipart;

namespace S3TransferManager;

/// <summary>Copies one S3 object to another key, in the same bucket or another one on the same endpoint, without its
/// bytes passing through this machine (server-side copy).</summary>
/// <remarks>
/// Objects smaller than <see cref="TransferUtilityConfig.MinSizeBeforePartUpload"/> are copied by one CopyObject; larger
/// ones (and always those above 5 GiB, the most one CopyObject takes) by a multipart upload whose parts are
/// UploadPartCopy requests of byte ranges of the source, up to <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>
/// at once. One HEAD of the source learns its size and ETag first, and every later request names that ETag
/// (x-amz-copy-source-if-match), so a source replaced during the copy fails it with <see cref="ObjectModifiedException"/>
/// instead of mixing two versions; a failed or cancelled multipart copy is aborted. Property names follow the AWS SDK's
/// <see cref="CopyObjectRequest"/>.
/// </remarks>
public sealed class TransferUtilityCopyRequest : IStoredOptions
{
    /// <summary>The bucket of the object to copy.</summary>
    public string? SourceBucket { get; set; }

    /// <summary>The key of the object to copy.</summary>
    public string? SourceKey { get; set; }

    /// <summary>The version to copy, in a versioned bucket.</summary>
    /// <value><see langword="null"/>: the current version.</value>
    public string? SourceVersionId { get; set; }

    /// <summary>The bucket to copy into: the source's, or another one on the same endpoint.</summary>
    public string? DestinationBucket { get; set; }

    /// <summary>The key to store the copy under.</summary>
    public string? DestinationKey { get; set; }

    /// <summary>Copies only if the source has this ETag; otherwise the copy fails with
    /// <see cref="ObjectModifiedException"/> before anything is written.</summary>
    /// <value><see langword="null"/>: whatever version the source has when the copy starts (and only that one).</value>
    public string? ETagToMatch { get; set; }

    /// <summary>Whether the copy keeps the source's metadata and content headers (<see cref="S3MetadataDirective.COPY"/>)
    /// or takes <see cref="Metadata"/>, <see cref="ContentType"/> and <see cref="Headers"/> instead
    /// (<see cref="S3MetadataDirective.REPLACE"/>), as CopyObject's x-amz-metadata-directive says. A multipart copy
    /// keeps them by reading them from the source's HEAD, since UploadPartCopy copies bytes only.</summary>
    /// <value><see langword="null"/>: COPY.</value>
    public S3MetadataDirective? MetadataDirective { get; set; }

    /// <summary>User metadata for the copy (sent as x-amz-meta-*), keyed without the prefix; only with
    /// <see cref="MetadataDirective"/> REPLACE (set otherwise, it is an <see cref="ArgumentException"/>).</summary>
    public IDictionary<string, string> Metadata { get; } = new Dictionary<string, string>();

    /// <summary>The copy's Content-Type; only with <see cref="MetadataDirective"/> REPLACE.</summary>
    /// <value><see langword="null"/>: none sent (S3 stores binary/octet-stream under REPLACE).</value>
    public string? ContentType { get; set; }

    /// <summary>The copy's standard headers (Cache-Control, Content-Disposition, Content-Encoding, Content-Language,
    /// Expires); only with <see cref="MetadataDirective"/> REPLACE.</summary>
    public HeadersCollection Headers { get; } = new();

    /// <summary>Whether the copy keeps the source's tags (<see cref="Amazon.S3.TaggingDirective.COPY"/>) or takes
    /// <see cref="TagSet"/> (<see cref="Amazon.S3.TaggingDirective.REPLACE"/>). A multipart copy reads the source's tags
    /// with one GetObjectTagging, only when the HEAD says it has some.</summary>
    /// <value><see langword="null"/>: COPY.</value>
    public TaggingDirective? TaggingDirective { get; set; }

    /// <summary>The copy's tags; only with <see cref="TaggingDirective"/> REPLACE.</summary>
    public List<Tag>? TagSet { get; set; }

    /// <summary>The copy's storage class. S3 does not carry the source's over.</summary>
    /// <value><see langword="null"/>: STANDARD.</value>
    public S3StorageClass? StorageClass { get; set; }

    /// <summary>A canned ACL for the copy (x-amz-acl).</summary>
    /// <value><see langword="null"/>: none sent.</value>
    public S3CannedACL? CannedACL { get; set; }

    /// <summary>Server-side encryption of the copy: S3-managed keys or KMS. S3 does not carry the source's over.</summary>
    /// <value><see langword="null"/>: the destination bucket's default encryption.</value>
    public ServerSideEncryptionMethod? ServerSideEncryptionMethod { get; set; }

    /// <summary>The KMS key to encrypt the copy with, when <see cref="ServerSideEncryptionMethod"/> is a KMS method.</summary>
    public string? ServerSideEncryptionKeyManagementServiceKeyId { get; set; }

    /// <summary>The KMS encryption context of the copy: base64 of a UTF-8 JSON object of string pairs.</summary>
    public string? ServerSideEncryptionKeyManagementServiceEncryptionContext { get; set; }

    /// <summary>Whether KMS encryption of the copy uses an S3 Bucket Key.</summary>
    public bool? BucketKeyEnabled { get; set; }

    /// <summary>Encrypts the copy with a key the caller provides (SSE-C): <see cref="ServerSideEncryptionCustomerMethod.AES256"/>.</summary>
    public ServerSideEncryptionCustomerMethod? ServerSideEncryptionCustomerMethod { get; set; }

    /// <summary>The SSE-C key of the copy, base64-encoded. Never logged.</summary>
    public string? ServerSideEncryptionCustomerProvidedKey { get; set; }

    /// <summary>The base64 MD5 of <see cref="ServerSideEncryptionCustomerProvidedKey"/>.</summary>
    /// <value><see langword="null"/>: computed from the key.</value>
    public string? ServerSideEncryptionCustomerProvidedKeyMD5 { get; set; }

    /// <summary>The SSE-C algorithm the source was stored with, sent with its key on the HEAD and on every copy
    /// request.</summary>
    public ServerSideEncryptionCustomerMethod? CopySourceServerSideEncryptionCustomerMethod { get; set; }

    /// <summary>The SSE-C key the source was stored with, base64-encoded. Never logged.</summary>
    public string? CopySourceServerSideEncryptionCustomerProvidedKey { get; set; }

    /// <summary>The base64 MD5 of <see cref="CopySourceServerSideEncryptionCustomerProvidedKey"/>.</summary>
    /// <value><see langword="null"/>: computed from the key.</value>
    public string? CopySourceServerSideEncryptionCustomerProvidedKeyMD5 { get; set; }

    /// <summary>Where S3 website hosting redirects requests for the copy. S3 does not carry the source's over.</summary>
    public string? WebsiteRedirectLocation { get; set; }

    /// <summary>The copy's object lock mode; needs <see cref="ObjectLockRetainUntilDate"/>.</summary>
    public ObjectLockMode? ObjectLockMode { get; set; }

    /// <summary>Until when the copy's object lock holds.</summary>
    public DateTime? ObjectLockRetainUntilDate { get; set; }

    /// <summary>Whether a legal hold is placed on the copy.</summary>
    public ObjectLockLegalHoldStatus? ObjectLockLegalHoldStatus { get; set; }

    /// <summary>The account that must own the destination bucket; sent on every request that writes.</summary>
    public string? ExpectedBucketOwner { get; set; }

    /// <summary>The account that must own the source bucket; sent on every request that reads the source.</summary>
    public string? ExpectedSourceBucketOwner { get; set; }

    /// <summary>Set to <see cref="RequestPayer.Requester"/> to copy from or into a requester-pays bucket.</summary>
    public RequestPayer? RequestPayer { get; set; }

    /// <summary>The checksum S3 computes and stores for the copy: CRC64NVME, CRC32 or CRC32C as a full-object
    /// checksum (a multipart copy combines its parts' CRCs, which S3 returns, and sends the whole object's with
    /// CompleteMultipartUpload, for S3 to check); SHA1 or SHA256 as S3 stores them. The response reports it.</summary>
    /// <value><see langword="null"/>: CRC64NVME.</value>
    public ChecksumAlgorithm? ChecksumAlgorithm { get; set; }

    /// <summary>The size of each UploadPartCopy range of a multipart copy, as set; <see langword="null"/> when the
    /// library sizes the parts. A set size grows to ceil(length / 10,000) when needed.</summary>
    /// <value><see langword="null"/> (the default): automatic, parts near 8 MiB sized to fill whole waves of the requests
    /// the budget starts with, as an upload's are (<see cref="TransferUtilityUploadRequest.PartSize"/>). A number,
    /// between 5 MiB and 5 GiB, is used as given; one out of range is an <see cref="ArgumentOutOfRangeException"/>
    /// before any request.</value>
    public long? PartSize { get; set; }

    /// <summary>Raised as the copy's parts complete (for a single CopyObject, once at the end), at most every 100 ms
    /// and every 1% of the length; the last event reports the whole length. The sender is this request.</summary>
    public event EventHandler<CopyProgressArgs>? CopyProgressEvent;

    /// <summary>The checksum S3 is asked for: the caller's; CRC64NVME by default; none when the client computes
    /// checksums only when required.</summary>
    internal ChecksumAlgorithm? EffectiveChecksumAlgorithm =>
        ChecksumAlgorithm ?? (ChecksumsOnlyWhenRequired ? null : Amazon.S3.ChecksumAlgorithm.CRC64NVME);

    /// <summary>Set by the copy from the client's <c>RequestChecksumCalculation = WHEN_REQUIRED</c>: no default checksum.</summary>
    internal bool ChecksumsOnlyWhenRequired { get; set; }

    /// <summary>What a listing already said about the source (its size and ETag), so a copy that needs nothing else
    /// from it sends no HEAD; null for a copy of one object by name.</summary>
    internal ListedSource? Listed { get; set; }

    internal bool HasProgressSubscribers => CopyProgressEvent is not null;

    internal bool ReplacesMetadata => MetadataDirective == S3MetadataDirective.REPLACE;

    internal bool ReplacesTags => TaggingDirective == Amazon.S3.TaggingDirective.REPLACE;

    internal void OnProgress(ProgressStep step) => CopyProgressEvent?.Invoke(this, new CopyProgressArgs(step, this));

    internal void Validate()
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(SourceBucket, nameof(SourceBucket));
        ArgumentException.ThrowIfNullOrWhiteSpace(SourceKey, nameof(SourceKey));
        ArgumentException.ThrowIfNullOrWhiteSpace(DestinationBucket, nameof(DestinationBucket));
        ArgumentException.ThrowIfNullOrWhiteSpace(DestinationKey, nameof(DestinationKey));
        if (PartSize is < TransferLimits.MinPartSize or > TransferLimits.MaxPartSize)
        {
            throw new ArgumentOutOfRangeException(nameof(PartSize), PartSize, "PartSize must be between 5 MiB and 5 GiB.");
        }

        if (ChecksumAlgorithm is { } algorithm && !Checksums.ChecksumHasher.IsSupported(algorithm))
        {
            throw new ArgumentException($"ChecksumAlgorithm {algorithm.Value} is not supported for copies; use CRC64NVME, CRC32, CRC32C, SHA1 or SHA256.",
                nameof(ChecksumAlgorithm));
        }

        if (!ReplacesMetadata && (Metadata.Count > 0 || ContentType is not null || Headers.Count > 0))
        {
            throw new ArgumentException(
                "Metadata, ContentType and Headers are stored only with MetadataDirective REPLACE; under COPY the source's are kept.",
                nameof(MetadataDirective));
        }

        if (!ReplacesTags && TagSet is { Count: > 0 })
        {
            throw new ArgumentException("TagSet is stored only with TaggingDirective REPLACE; under COPY the source's tags are kept.",
                nameof(TaggingDirective));
        }
    }
}
