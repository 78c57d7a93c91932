namespace S3TransferManager;

/// <summary>
/// The object changed while it was being transferred: a part sent with If-Match on the first response's ETag was
/// refused (HTTP 412) or came back with another ETag. Nothing of the mixed content is handed to the caller.
/// </summary>
public sealed class ObjectModifiedException : IOException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="expectedETag">The ETag the transfer started with.</param>
    /// <param name="actualETag">The ETag the server reported instead, when it said (a 412 does not).</param>
    /// <param name="innerException">The error that revealed the change, if any.</param>
    public ObjectModifiedException(string bucketName, string key, string expectedETag, string? actualETag, Exception? innerException = null)
        : base(BuildMessage(bucketName, key, expectedETag, actualETag), innerException)
    {
        BucketName = bucketName;
        Key = key;
        ExpectedETag = expectedETag;
        ActualETag = actualETag;
    }

    /// <summary>The bucket.</summary>
    public string BucketName { get; }

    /// <summary>The object's key.</summary>
    public string Key { get; }

    /// <summary>The ETag the transfer started with.</summary>
    public string ExpectedETag { get; }

    /// <summary>The ETag the server reported instead, or <see langword="null"/> when it only refused the precondition.</summary>
    public string? ActualETag { get; }

    private static string BuildMessage(string bucketName, string key, string expectedETag, string? actualETag) =>
        actualETag is null
            ? $"s3://{bucketName}/{key} changed during the transfer: it no longer has ETag {expectedETag} (the server refused If-Match with 412 Precondition Failed)."
            : $"s3://{bucketName}/{key} changed during the transfer: expected ETag {expectedETag}, the server answered with ETag {actualETag}.";
}
