using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>UploadPart (<c>PUT ?partNumber=N&amp;uploadId=ID</c>): stores or replaces one part, returns its ETag.</summary>
internal static class UploadPartHandler
{
    public static async Task HandleAsync(HttpContext context, ObjectStore store, string bucketName, string key)
    {
        if (!store.TryGetBucket(bucketName, out S3Bucket? bucket))
        {
            await S3ErrorWriter.NoSuchBucketAsync(context);
            return;
        }

        HttpRequest request = context.Request;
        if (!int.TryParse(request.Query["partNumber"], NumberStyles.None, CultureInfo.InvariantCulture, out int partNumber)
            || partNumber < 1 || partNumber > 10000)
        {
            await S3ErrorWriter.InvalidArgumentAsync(context, "Part number must be an integer between 1 and 10000, inclusive");
            return;
        }

        if (!bucket.Uploads.TryGetValue(request.Query["uploadId"].ToString(), out MultipartUpload? upload) || upload.Key != key)
        {
            await S3ErrorWriter.NoSuchUploadAsync(context);
            return;
        }

        RequestBody body = await RequestBodyReader.ReadAsync(request, store.Pool, store.ComputeMd5ETags, store.DecodesAwsChunked, context.RequestAborted);
        if (store.ComputeMd5ETags && !ContentMd5.Matches(request, body.Digest))
        {
            body.Data.ReturnToPool();
            await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "BadDigest", "The Content-MD5 you specified did not match what we received.");
            return;
        }

        var part = new UploadedPart(partNumber, body.Data, body.Digest, ETags.FromDigest(body.Digest), DateTimeOffset.UtcNow, body.Checksums);
        // A part uploaded again replaces the old one, which is left to the GC rather than pooled: a concurrent
        // Complete may already have picked it.
        upload.Parts[partNumber] = part;
        context.Response.Headers.ETag = part.ETag;
        ChecksumEcho.Write(context.Response, body.Checksums);
    }
}
