using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>PutObject: stores the (possibly aws-chunked) body as a single-part object.</summary>
internal static class PutObjectHandler
{
    public static async Task HandleAsync(HttpContext context, ObjectStore store, string bucketName, string key)
    {
        if (!store.TryGetBucket(bucketName, out S3Bucket? bucket))
        {
            await S3ErrorWriter.NoSuchBucketAsync(context);
            return;
        }

        HttpRequest request = context.Request;
        RequestBody body = await RequestBodyReader.ReadAsync(request, store.Pool, store.ComputeMd5ETags, store.DecodesAwsChunked, context.RequestAborted);
        if (store.ComputeMd5ETags && !ContentMd5.Matches(request, body.Digest))
        {
            body.Data.ReturnToPool();
            await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "BadDigest", "The Content-MD5 you specified did not match what we received.");
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
