using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>What S3 answered when the copy was stored.</summary>
public sealed class TransferUtilityCopyResponse : StoredObjectResponse
{
    /// <summary>The bucket the copy was stored in.</summary>
    public string? BucketName { get; init; }

    /// <summary>The copy's key.</summary>
    public string? Key { get; init; }

    /// <summary>The source's ETag the copy was pinned to: every request named it (x-amz-copy-source-if-match).</summary>
    public string? SourceETag { get; init; }

    /// <summary>The version of the source that was copied, when the source bucket is versioned.</summary>
    public string? SourceVersionId { get; init; }

    /// <summary><see langword="true"/> when the checksum was filled in by the library rather than returned by the
    /// server: the full-object CRC it combined from the CRCs S3 reported for the parts and sent with
    /// CompleteMultipartUpload (S3 checked it), when the answer to CompleteMultipartUpload carried none.</summary>
    public bool ChecksumComputedLocally { get; init; }

    /// <summary>When a lifecycle rule will expire the copy, if one applies.</summary>
    public Expiration? Expiration { get; init; }

    /// <summary>Whether the requester was charged (requester-pays buckets).</summary>
    public RequestCharged? RequestCharged { get; init; }

    /// <summary>The server-side encryption S3 applied to the copy.</summary>
    public ServerSideEncryptionMethod? ServerSideEncryptionMethod { get; init; }

    /// <summary>The KMS key that encrypted the copy, for KMS encryption.</summary>
    public string? ServerSideEncryptionKeyManagementServiceKeyId { get; init; }

    /// <summary>Whether an S3 Bucket Key was used for KMS encryption.</summary>
    public bool? BucketKeyEnabled { get; init; }
}
