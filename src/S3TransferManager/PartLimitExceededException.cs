using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>
/// A stream of unknown length turned out longer than S3's 10,000 parts of the chosen part size. The upload was aborted
/// before part 10,001 was sent; retry with a larger <see cref="TransferUtilityUploadRequest.PartSize"/>.
/// </summary>
/// <remarks>An AWS SDK <see cref="TooManyPartsException"/>, so code that catches that type (or
/// <see cref="Amazon.S3.AmazonS3Exception"/>) catches this too; this type adds the bucket, key and part size.</remarks>
public sealed class PartLimitExceededException : TooManyPartsException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="partSize">The part size that was too small for the stream.</param>
    public PartLimitExceededException(string bucketName, string key, long partSize)
        : base($"The stream for s3://{bucketName}/{key} is longer than 10,000 parts of {partSize} bytes ({10_000L * partSize} bytes); " +
            "the upload was aborted. Set a larger PartSize for streams of this size.")
    {
        BucketName = bucketName;
        Key = key;
        PartSize = partSize;
    }

    /// <summary>The bucket.</summary>
    public string BucketName { get; }

    /// <summary>The object's key.</summary>
    public string Key { get; }

    /// <summary>The part size that was too small for the stream.</summary>
    public long PartSize { get; }
}
