using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>PutObject: stores the (possibly aws-chunked) body as a single-part object.</summary>
internal static class PutObjectHandler
{
    public static async Task HandleAsync(HttpContext context, ObjectStore store, S3Bucket bucket, string key)
    {
        HttpRequest request = context.Request;
        if (await UploadedBody.ReadAsync(context, store) is not { } body)
        {
            return;
        }

        var storedObject = new StoredObject(
            key,
            [body.Data],
            ETags.FromDigest(body.Digest),
            isMultipart: false,
            ObjectHeaders.ReadContentType(request),
            ObjectHeaders.ReadMetadata(request),
            body.Checksums);
        bucket.Put(storedObject);
        context.Response.Headers.ETag = storedObject.ETag;
        ChecksumEcho.Write(context.Response, body.Checksums);
    }
}
