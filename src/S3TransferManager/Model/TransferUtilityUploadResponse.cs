using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>What S3 answered when the upload was stored.</summary>
public sealed class TransferUtilityUploadResponse : StoredObjectResponse
{
    /// <summary>The stored MD5 checksum, when the object has one (the library never computes it; a caller's
    /// <see cref="TransferUtilityUploadRequest.ChecksumMD5"/> sets it).</summary>
    public string? ChecksumMD5 { get; init; }

    /// <summary>The stored SHA512 checksum, when the object has one.</summary>
    public string? ChecksumSHA512 { get; init; }

    /// <summary>The stored XXHASH128 checksum, when the object has one.</summary>
    public string? ChecksumXXHASH128 { get; init; }

    /// <summary>The stored XXHASH3 checksum, when the object has one.</summary>
    public string? ChecksumXXHASH3 { get; init; }

    /// <summary>The stored XXHASH64 checksum, when the object has one.</summary>
    public string? ChecksumXXHASH64 { get; init; }

    /// <summary>
    /// <see langword="true"/> when the checksum was filled in by the library rather than returned by the server, for a
    /// multipart upload whose CompleteMultipartUpload answer carried none (S3 sends one; some S3-compatible servers do not): for a CRC, the
    /// full-object value the library combined from the part CRCs and sent (<see cref="ChecksumType"/> FULL_OBJECT); for
    /// SHA1 and SHA256, the composite S3 defines (the checksum of the parts' checksums as the server acknowledged them,
    /// then "-" and the part count; COMPOSITE), left empty when a part's acknowledgement had none. It is not read back
    /// from the stored object.
    /// </summary>
    public bool ChecksumComputedLocally { get; init; }

    /// <summary>Bytes an earlier, interrupted run of this upload had already stored, which this call did not send again
    /// (see <see cref="TransferUtilityConfig.ResumeTransfers"/>); 0 when nothing was resumed.</summary>
    public long ResumedBytes { get; set; }

    /// <summary>Bytes of the object this call sent: <see cref="StoredObjectResponse.ContentLength"/> less <see cref="ResumedBytes"/>. A
    /// request the client retried is counted once.</summary>
    public long TransferredBytes { get; set; }

    /// <summary>What the journal of an earlier run held that could not be used, each with why: a source file that
    /// changed, an upload that is gone (aborted or expired), a part whose bytes no longer match. Those parts, or the
    /// whole upload, were sent again. Empty when there was nothing to restart.</summary>
    public IReadOnlyList<string> ResumeRestarts { get; set; } = [];

    /// <summary>The bucket the object was stored in.</summary>
    public string? BucketName { get; set; }

    /// <summary>The object's key.</summary>
    public string? Key { get; set; }

    /// <summary>The object's URL, as CompleteMultipartUpload reports it; <see langword="null"/> after a single PutObject.</summary>
    public string? Location { get; set; }

    /// <summary>The stored object's size, when the server reports it (PutObject); otherwise <see langword="null"/>.</summary>
    public long? Size { get; set; }

    /// <summary>When a lifecycle rule will expire the object, if one applies.</summary>
    public Expiration? Expiration { get; set; }

    /// <summary>Whether the requester was charged (requester-pays buckets).</summary>
    public RequestCharged? RequestCharged { get; set; }

    /// <summary>The server-side encryption S3 applied.</summary>
    public ServerSideEncryptionMethod? ServerSideEncryptionMethod { get; set; }

    /// <summary>The KMS key that encrypted the object, for KMS encryption.</summary>
    public string? ServerSideEncryptionKeyManagementServiceKeyId { get; set; }

    /// <summary>The KMS encryption context, as PutObject reports it.</summary>
    public string? ServerSideEncryptionKeyManagementServiceEncryptionContext { get; set; }

    /// <summary>Whether an S3 Bucket Key was used for KMS encryption.</summary>
    public bool? BucketKeyEnabled { get; set; }

    /// <summary>The SSE-C algorithm, when the object was stored with a customer key.</summary>
    public ServerSideEncryptionCustomerMethod? ServerSideEncryptionCustomerMethod { get; set; }

    /// <summary>The MD5 of the SSE-C key, when the object was stored with a customer key.</summary>
    public string? ServerSideEncryptionCustomerProvidedKeyMD5 { get; set; }
}
