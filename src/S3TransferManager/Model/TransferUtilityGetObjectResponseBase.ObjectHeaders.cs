using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>The object's other headers, as the first GET reported them, with the AWS SDK's names and types so that code
/// reading them from <c>Amazon.S3.Transfer</c>'s responses compiles and sees the same values.</summary>
public abstract partial class TransferUtilityGetObjectResponseBase
{
    /// <summary>Accept-Ranges, as S3 sent it (bytes).</summary>
    public string? AcceptRanges { get; set; }

    /// <summary>Whether the object is encrypted with an S3 Bucket Key (SSE-KMS).</summary>
    public bool? BucketKeyEnabled { get; set; }

    /// <summary>The stored CRC32, when S3 sent it or the download validated against it.</summary>
    public string? ChecksumCRC32 { get; set; }

    /// <summary>The stored CRC32C, when S3 sent it or the download validated against it.</summary>
    public string? ChecksumCRC32C { get; set; }

    /// <summary>The stored CRC64NVME, when S3 sent it or the download validated against it.</summary>
    public string? ChecksumCRC64NVME { get; set; }

    /// <summary>The stored MD5 checksum, when S3 sent it.</summary>
    public string? ChecksumMD5 { get; set; }

    /// <summary>The stored SHA1, when S3 sent it or the download validated against it.</summary>
    public string? ChecksumSHA1 { get; set; }

    /// <summary>The stored SHA256, when S3 sent it or the download validated against it.</summary>
    public string? ChecksumSHA256 { get; set; }

    /// <summary>The stored SHA512, when S3 sent it.</summary>
    public string? ChecksumSHA512 { get; set; }

    /// <summary>The stored XXHASH128, when S3 sent it.</summary>
    public string? ChecksumXXHASH128 { get; set; }

    /// <summary>The stored XXHASH3, when S3 sent it.</summary>
    public string? ChecksumXXHASH3 { get; set; }

    /// <summary>The stored XXHASH64, when S3 sent it.</summary>
    public string? ChecksumXXHASH64 { get; set; }

    /// <summary>FULL_OBJECT or COMPOSITE, for the checksum above.</summary>
    public ChecksumType? ChecksumType { get; set; }

    /// <summary>The range the download covered: the whole object (<c>bytes 0-(n-1)/n</c>), or null for an empty one.</summary>
    public string? ContentRange { get; set; }

    /// <summary>x-amz-delete-marker, as S3 sent it.</summary>
    public string? DeleteMarker { get; set; }

    /// <summary>The lifecycle expiration of the object, when one applies.</summary>
    public Expiration? Expiration { get; set; }

    /// <summary>The Expires header, as sent.</summary>
    public string? ExpiresString { get; set; }

    /// <summary>How many metadata entries S3 could not return as headers.</summary>
    public int? MissingMeta { get; set; }

    /// <summary>The object's legal hold status.</summary>
    public ObjectLockLegalHoldStatus? ObjectLockLegalHoldStatus { get; set; }

    /// <summary>The object's lock mode.</summary>
    public ObjectLockMode? ObjectLockMode { get; set; }

    /// <summary>Until when the object is locked.</summary>
    public DateTime? ObjectLockRetainUntilDate { get; set; }

    /// <summary>The number of parts, when S3 reported it (it does for part-number GETs, which this library does not send).</summary>
    public int? PartsCount { get; set; }

    /// <summary>The replication status.</summary>
    public ReplicationStatus? ReplicationStatus { get; set; }

    /// <summary>Whether the requester was charged (requester-pays buckets).</summary>
    public RequestCharged? RequestCharged { get; set; }

    /// <summary>When a restored archive copy expires.</summary>
    public DateTime? RestoreExpiration { get; set; }

    /// <summary>Whether an archive restore is in progress.</summary>
    public bool? RestoreInProgress { get; set; }

    /// <summary>The SSE-C algorithm, when the object is encrypted with a customer key.</summary>
    public ServerSideEncryptionCustomerMethod? ServerSideEncryptionCustomerMethod { get; set; }

    /// <summary>The MD5 of the customer key, when the object is encrypted with one.</summary>
    public string? ServerSideEncryptionCustomerProvidedKeyMD5 { get; set; }

    /// <summary>The KMS key id, for SSE-KMS.</summary>
    public string? ServerSideEncryptionKeyManagementServiceKeyId { get; set; }

    /// <summary>The server-side encryption (AES256, aws:kms, ...).</summary>
    public ServerSideEncryptionMethod? ServerSideEncryptionMethod { get; set; }

    /// <summary>The storage class.</summary>
    public S3StorageClass? StorageClass { get; set; }

    /// <summary>The number of tags on the object.</summary>
    public int? TagCount { get; set; }

    /// <summary>The website redirect location.</summary>
    public string? WebsiteRedirectLocation { get; set; }
}
