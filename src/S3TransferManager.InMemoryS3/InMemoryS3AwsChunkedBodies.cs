namespace S3TransferManager.InMemoryS3;

/// <summary>What the endpoint does with an <c>aws-chunked</c> request body (<c>Content-Encoding: aws-chunked</c>, or an
/// <c>x-amz-content-sha256</c> of <c>STREAMING-*</c>), the framing the AWS SDKs use for per-chunk signatures and
/// trailing checksums.</summary>
public enum InMemoryS3AwsChunkedBodies
{
    /// <summary>As S3 does: the framing is removed, the object holds the data alone, and a trailing checksum is kept
    /// like a checksum header.</summary>
    Decode,

    /// <summary>As OpenStack Swift's s3api middleware does (2.30, Debian 12's): the request is refused with
    /// <c>501 NotImplemented</c> before its body is read.</summary>
    NotImplemented,

    /// <summary>As s3rver 3.7 and Google Cloud Storage's XML API do: the body is stored as sent, so the object holds the
    /// chunk sizes, signatures and trailers around its data.</summary>
    StoreAsSent,
}
