using Amazon.S3;

namespace S3TransferManager;

/// <summary>Aborts the multipart uploads of a bucket that were started before a given time (uploads a crashed process
/// left open, whose stored parts are billed until aborted).</summary>
public sealed class TransferUtilityAbortMultipartUploadRequest
{
    /// <summary>The bucket whose open multipart uploads are aborted.</summary>
    public string? BucketName { get; set; }

    /// <summary>Uploads initiated before this time are aborted; later ones are left alone.</summary>
    public DateTime InitiatedDate { get; set; }

    /// <summary>The account that must own the bucket (x-amz-expected-bucket-owner), sent on every request.</summary>
    public string? ExpectedBucketOwner { get; set; }

    /// <summary>Set to <see cref="RequestPayer.Requester"/> for a requester-pays bucket; sent on every request.</summary>
    public RequestPayer? RequestPayer { get; set; }

    internal void Validate() => ArgumentException.ThrowIfNullOrWhiteSpace(BucketName, nameof(BucketName));
}
