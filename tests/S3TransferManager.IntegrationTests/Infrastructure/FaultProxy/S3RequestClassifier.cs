using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Names the S3 operation and key of a path-style request (<c>/bucket/key?query</c>), as S3 itself would
/// route it: by method, then by which sub-resource the query names.</summary>
public static class S3RequestClassifier
{
    public static (S3Operation Operation, string? Key) Classify(string method, PathString path, IQueryCollection query)
    {
        string trimmed = (path.Value ?? "/").TrimStart('/');
        int slash = trimmed.IndexOf('/', StringComparison.Ordinal);
        string? key = slash >= 0 && slash < trimmed.Length - 1 ? Uri.UnescapeDataString(trimmed[(slash + 1)..]) : null;
        bool uploadId = query.ContainsKey("uploadId");
        S3Operation operation = (method, key is null) switch
        {
            ("PUT", true) => S3Operation.CreateBucket,
            ("GET", true) => query.ContainsKey("uploads") ? S3Operation.ListMultipartUploads : S3Operation.ListObjects,
            ("PUT", false) => query.ContainsKey("partNumber") && uploadId ? S3Operation.UploadPart : S3Operation.PutObject,
            ("POST", false) when query.ContainsKey("uploads") => S3Operation.CreateMultipartUpload,
            ("POST", false) when uploadId => S3Operation.CompleteMultipartUpload,
            ("DELETE", false) => uploadId ? S3Operation.AbortMultipartUpload : S3Operation.DeleteObject,
            ("GET", false) => uploadId ? S3Operation.ListParts : S3Operation.GetObject,
            ("HEAD", false) => S3Operation.HeadObject,
            _ => S3Operation.Other,
        };
        return (operation, key);
    }
}
