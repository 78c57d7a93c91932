namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>The S3 operations the proxy tells apart, from a request's method, path and query alone.</summary>
public enum S3Operation
{
    Other,
    CreateBucket,
    ListObjects,
    ListMultipartUploads,
    PutObject,
    GetObject,
    HeadObject,
    DeleteObject,
    CreateMultipartUpload,
    UploadPart,
    CompleteMultipartUpload,
    AbortMultipartUpload,
    ListParts,
    CopyObject,
    UploadPartCopy,
}
