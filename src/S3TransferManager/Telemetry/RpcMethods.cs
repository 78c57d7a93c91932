namespace S3TransferManager.Telemetry;

/// <summary>The S3 operations the library sends, as the <c>rpc.method</c> tag names them (S3's own operation names).</summary>
internal static class RpcMethods
{
    public const string GetObject = "GetObject";

    public const string PutObject = "PutObject";

    public const string CreateMultipartUpload = "CreateMultipartUpload";

    public const string UploadPart = "UploadPart";

    public const string CompleteMultipartUpload = "CompleteMultipartUpload";

    public const string AbortMultipartUpload = "AbortMultipartUpload";

    /// <summary>A server-side copy of a whole object.</summary>
    public const string CopyObject = "CopyObject";

    /// <summary>A server-side copy of a byte range into a part of a multipart upload.</summary>
    public const string UploadPartCopy = "UploadPartCopy";

    /// <summary>The listing of the keys under a prefix.</summary>
    public const string ListObjectsV2 = "ListObjectsV2";

    /// <summary>A delete of an object a sync no longer wants at its destination.</summary>
    public const string DeleteObject = "DeleteObject";

    /// <summary>A delete of up to 1,000 keys in one request.</summary>
    public const string DeleteObjects = "DeleteObjects";

    /// <summary>The read of a copy's source tags, which UploadPartCopy does not carry over.</summary>
    public const string GetObjectTagging = "GetObjectTagging";

    /// <summary>The listing of a bucket's open multipart uploads.</summary>
    public const string ListMultipartUploads = "ListMultipartUploads";

    /// <summary>The HEAD that learns a download's stored checksum, a copy's source, or a sync's stored checksum.</summary>
    public const string HeadObject = "HeadObject";

    /// <summary>The listing of a composite-checksum object's stored parts.</summary>
    public const string GetObjectAttributes = "GetObjectAttributes";

    /// <summary>The listing of a resumed upload's stored parts.</summary>
    public const string ListParts = "ListParts";
}
