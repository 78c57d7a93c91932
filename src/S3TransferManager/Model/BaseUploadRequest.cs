using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>
/// The options S3 stores with an uploaded object, named and typed as on <c>Amazon.S3.Transfer.BaseUploadRequest</c>.
/// Each one goes on the PutObject of a small upload and on the CreateMultipartUpload of a large one; the SSE-C key also
/// goes on every UploadPart and on CompleteMultipartUpload, and the bucket-owner and requester-pays settings on every
/// request of the upload. Unset options send nothing, so the bucket's defaults apply.
/// </summary>
public abstract class BaseUploadRequest
{
    /// <summary>Only for the library's own requests: a request type from elsewhere would have no command to run it.</summary>
    private protected BaseUploadRequest()
    {
    }

    /// <summary>A canned ACL (x-amz-acl), such as <see cref="S3CannedACL.BucketOwnerFullControl"/>.</summary>
    /// <value><see langword="null"/>: none is sent (most buckets now refuse ACLs: Object Ownership "bucket owner enforced").</value>
    public S3CannedACL? CannedACL { get; set; }

    /// <summary>Explicit grants (x-amz-grant-*), as an alternative to <see cref="CannedACL"/>.</summary>
    public List<S3Grant>? Grants { get; set; }

    /// <summary>The storage class (x-amz-storage-class), such as <see cref="S3StorageClass.StandardInfrequentAccess"/>.</summary>
    /// <value><see langword="null"/>: S3 stores the object as STANDARD.</value>
    public S3StorageClass? StorageClass { get; set; }

    /// <summary>Server-side encryption with S3-managed keys (<see cref="ServerSideEncryptionMethod.AES256"/>) or with KMS
    /// (<see cref="ServerSideEncryptionMethod.AWSKMS"/>, <see cref="ServerSideEncryptionMethod.AWSKMSDSSE"/>).</summary>
    /// <value><see langword="null"/>: the bucket's default encryption applies.</value>
    public ServerSideEncryptionMethod? ServerSideEncryptionMethod { get; set; }

    /// <summary>The KMS key to encrypt with, when <see cref="ServerSideEncryptionMethod"/> is a KMS method.</summary>
    public string? ServerSideEncryptionKeyManagementServiceKeyId { get; set; }

    /// <summary>The KMS encryption context: base64 of a UTF-8 JSON object of string pairs
    /// (x-amz-server-side-encryption-context).</summary>
    public string? SSEKMSEncryptionContext { get; set; }

    /// <summary>Whether KMS encryption uses an S3 Bucket Key (x-amz-server-side-encryption-bucket-key-enabled).</summary>
    public bool? BucketKeyEnabled { get; set; }

    /// <summary>Server-side encryption with a key the caller provides (SSE-C): <see cref="ServerSideEncryptionCustomerMethod.AES256"/>.
    /// Downloads of the object must give the same key.</summary>
    public ServerSideEncryptionCustomerMethod? ServerSideEncryptionCustomerMethod { get; set; }

    /// <summary>The SSE-C key, base64-encoded (256 bits). It is sent on every request that carries object bytes and
    /// never logged.</summary>
    public string? ServerSideEncryptionCustomerProvidedKey { get; set; }

    /// <summary>The base64 MD5 of the SSE-C key.</summary>
    /// <value><see langword="null"/>: the AWS SDK computes it from the key.</value>
    public string? ServerSideEncryptionCustomerProvidedKeyMD5 { get; set; }

    /// <summary>Tags stored with the object (x-amz-tagging).</summary>
    public List<Tag>? TagSet { get; set; }

    /// <summary>Standard HTTP headers stored with the object: Cache-Control, Content-Disposition, Content-Encoding,
    /// Content-Language, Expires, and any other header set by name. Content-Type comes from
    /// <see cref="TransferUtilityUploadRequest.ContentType"/> when that is set; Content-Length and Content-MD5 are the
    /// library's to send and are ignored here.</summary>
    public HeadersCollection Headers { get; } = new();

    /// <summary>The object lock mode (x-amz-object-lock-mode); needs <see cref="ObjectLockRetainUntilDate"/> and a
    /// bucket with object lock enabled.</summary>
    public ObjectLockMode? ObjectLockMode { get; set; }

    /// <summary>Until when the object lock holds (x-amz-object-lock-retain-until-date).</summary>
    public DateTime? ObjectLockRetainUntilDate { get; set; }

    /// <summary>Whether a legal hold is placed on the object (x-amz-object-lock-legal-hold).</summary>
    public ObjectLockLegalHoldStatus? ObjectLockLegalHoldStatus { get; set; }

    /// <summary>The account that must own the bucket (x-amz-expected-bucket-owner); sent on every request of the
    /// upload, which fails with 403 when the bucket belongs to another account.</summary>
    public string? ExpectedBucketOwner { get; set; }

    /// <summary>Set to <see cref="RequestPayer.Requester"/> to upload into a requester-pays bucket; sent on every
    /// request of the upload.</summary>
    public RequestPayer? RequestPayer { get; set; }

    /// <summary>Where S3 website hosting redirects requests for this object (x-amz-website-redirect-location).</summary>
    public string? WebsiteRedirectLocation { get; set; }

    /// <summary>Whether request bodies go unsigned (UNSIGNED-PAYLOAD). The library's CRC32 (or the chosen checksum) is
    /// sent with every body either way, and S3 verifies it. <see langword="false"/> keeps the AWS SDK's signing (over
    /// HTTPS, a signature per ~80 KB chunk). <see langword="true"/> over plain HTTP fails, as with the SDK, which refuses
    /// unsigned payloads without TLS.</summary>
    /// <value><see langword="null"/>: unsigned over HTTPS (what the other AWS SDKs send over TLS; signing costs a SHA-256
    /// pass over every byte), signed once per body over plain HTTP.</value>
    public bool? DisablePayloadSigning { get; set; }

    /// <summary>When <see langword="true"/> and no <see cref="TransferUtilityUploadRequest.ChecksumAlgorithm"/> is set, no
    /// checksum is computed or sent (by default the library sends CRC32, as the AWS SDK does). As on the AWS SDK's
    /// request.</summary>
    public bool? DisableDefaultChecksumValidation { get; set; }

    /// <summary>Removes the canned ACL, as on the AWS SDK's request.</summary>
    public void RemoveCannedACL() => CannedACL = null;

    /// <summary>Copies every option onto <paramref name="target"/>: a directory's options onto each file's request.</summary>
    internal void CopyOptionsTo(BaseUploadRequest target)
    {
        target.CannedACL = CannedACL;
        target.Grants = Grants is null ? null : [.. Grants];
        target.StorageClass = StorageClass;
        target.ServerSideEncryptionMethod = ServerSideEncryptionMethod;
        target.ServerSideEncryptionKeyManagementServiceKeyId = ServerSideEncryptionKeyManagementServiceKeyId;
        target.SSEKMSEncryptionContext = SSEKMSEncryptionContext;
        target.BucketKeyEnabled = BucketKeyEnabled;
        target.ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod;
        target.ServerSideEncryptionCustomerProvidedKey = ServerSideEncryptionCustomerProvidedKey;
        target.ServerSideEncryptionCustomerProvidedKeyMD5 = ServerSideEncryptionCustomerProvidedKeyMD5;
        target.TagSet = TagSet is null ? null : [.. TagSet];
        foreach (string name in Headers.Keys)
        {
            target.Headers[name] = Headers[name];
        }

        target.ObjectLockMode = ObjectLockMode;
        target.ObjectLockRetainUntilDate = ObjectLockRetainUntilDate;
        target.ObjectLockLegalHoldStatus = ObjectLockLegalHoldStatus;
        target.ExpectedBucketOwner = ExpectedBucketOwner;
        target.RequestPayer = RequestPayer;
        target.WebsiteRedirectLocation = WebsiteRedirectLocation;
        target.DisablePayloadSigning = DisablePayloadSigning;
        target.DisableDefaultChecksumValidation = DisableDefaultChecksumValidation;
    }
}
