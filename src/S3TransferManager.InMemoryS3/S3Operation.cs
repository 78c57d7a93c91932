namespace S3TransferManager.InMemoryS3;

/// <summary>The S3 operations the endpoint counts, one counter each.</summary>
public enum S3Operation
{
    /// <summary>A request the endpoint does not implement or could not classify.</summary>
    Unknown,

    /// <summary>GET on the service root.</summary>
    ListBuckets,

    /// <summary>PUT on a bucket.</summary>
    CreateBucket,

    /// <summary>HEAD on a bucket.</summary>
    HeadBucket,

    /// <summary>DELETE on a bucket.</summary>
    DeleteBucket,

    /// <summary>GET on a bucket with <c>list-type=2</c>.</summary>
    ListObjectsV2,

    /// <summary>GET of a whole object (no Range header, no partNumber).</summary>
    GetObject,

    /// <summary>GET of an object with a Range header.</summary>
    GetObjectRange,

    /// <summary>GET of an object with <c>?partNumber=N</c>.</summary>
    GetObjectPart,

    /// <summary>HEAD of an object (with or without partNumber).</summary>
    HeadObject,

    /// <summary>PUT of a whole object.</summary>
    PutObject,

    /// <summary>DELETE of an object.</summary>
    DeleteObject,

    /// <summary>POST <c>?uploads</c>.</summary>
    CreateMultipartUpload,

    /// <summary>PUT <c>?partNumber&amp;uploadId</c>.</summary>
    UploadPart,

    /// <summary>POST <c>?uploadId</c>.</summary>
    CompleteMultipartUpload,

    /// <summary>DELETE <c>?uploadId</c>.</summary>
    AbortMultipartUpload,

    /// <summary>GET on a bucket with <c>?uploads</c>.</summary>
    ListMultipartUploads,

    /// <summary>GET on an object with <c>?uploadId</c>.</summary>
    ListParts,

    /// <summary>GET on an object with <c>?attributes</c>.</summary>
    GetObjectAttributes,

    /// <summary>POST on a bucket with <c>?delete</c>.</summary>
    DeleteObjects,
}
