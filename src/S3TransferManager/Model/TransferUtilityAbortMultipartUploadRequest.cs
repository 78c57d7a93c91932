namespace S3TransferManager;

/// <summary>Aborts the multipart uploads of a bucket that were started before a given time (uploads a crashed process
/// left open, whose stored parts are billed until aborted).</summary>
public sealed class TransferUtilityAbortMultipartUploadRequest
{
    /// <summary>The bucket whose open multipart uploads are aborted.</summary>
    public string? BucketName { get; set; }

    /// <summary>Uploads initiated before this time are aborted; later ones are left alone.</summary>
    public DateTime InitiatedDate { get; set; }

    internal void Validate() => ArgumentException.ThrowIfNullOrWhiteSpace(BucketName, nameof(BucketName));
}
