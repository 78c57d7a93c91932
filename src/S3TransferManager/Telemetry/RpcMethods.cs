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

    /// <summary>The HEAD that learns a download's stored checksum.</summary>
    public const string HeadObject = "HeadObject";

    /// <summary>The listing of a composite-checksum object's stored parts.</summary>
    public const string GetObjectAttributes = "GetObjectAttributes";

    /// <summary>The listing of a resumed upload's stored parts.</summary>
    public const string ListParts = "ListParts";
}
