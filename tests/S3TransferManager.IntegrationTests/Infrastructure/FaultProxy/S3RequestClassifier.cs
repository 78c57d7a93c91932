using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Names the S3 operation and key of a path-style request (<c>/bucket/key?query</c>), as S3 itself would
/// route it: by method, then by which sub-resource the query names.</summary>
public static class S3RequestClassifier
{
    /// <param name="copies">Whether the request names a copy source (<c>x-amz-copy-source</c>): a PUT that does is a
    /// server-side copy.</param>
    public static (S3Operation Operation, string? Key) Classify(string method, PathString path, IQueryCollection query, bool copies = false)
    {
        string trimmed = (path.Value ?? "/").TrimStart('/');
        int slash = trimmed.IndexOf('/', StringComparison.Ordinal);
        string? key = slash >= 0 && slash < trimmed.Length - 1 ? Uri.UnescapeDataString(trimmed[(slash + 1)..]) : null;
        bool uploadId = query.ContainsKey("uploadId");
        S3Operation operation = (method, key is null) switch
        {
            ("PUT", true) => S3Operation.CreateBucket,
            ("GET", true) => query.ContainsKey("uploads") ? S3Operation.ListMultipartUploads : S3Operation.ListObjects,
            ("PUT", false) => (query.ContainsKey("partNumber") && uploadId, copies) switch
            {
                (true, true) => S3Operation.UploadPartCopy,
                (true, false) => S3Operation.UploadPart,
                (false, true) => S3Operation.CopyObject,
                (false, false) => S3Operation.PutObject,
            },
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
