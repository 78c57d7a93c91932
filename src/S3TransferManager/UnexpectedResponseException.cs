namespace S3TransferManager;

/// <summary>
/// The server answered in a way S3 never does (a missing or wrong Content-Range, a body of the wrong length), so the
/// bytes cannot be trusted. The transfer stops rather than write data it cannot place.
/// </summary>
public sealed class UnexpectedResponseException : IOException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="detail">What was wrong with the answer.</param>
    public UnexpectedResponseException(string bucketName, string key, string detail)
        : base($"Unexpected response for s3://{bucketName}/{key}: {detail}")
    {
        BucketName = bucketName;
        Key = key;
    }

    /// <summary>The bucket.</summary>
    public string BucketName { get; }

    /// <summary>The object's key.</summary>
    public string Key { get; }
}
