using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>The body of a PutObject or UploadPart: read (decoding aws-chunked as the store is set to) and, when the
/// store computes MD5s, checked against the request's Content-MD5.</summary>
internal static class UploadedBody
{
    /// <summary>The body, or null once BadDigest has been answered; its buffers are then back in the pool, since
    /// nothing will store them.</summary>
    public static async Task<RequestBody?> ReadAsync(HttpContext context, ObjectStore store)
    {
        HttpRequest request = context.Request;
        RequestBody body = await RequestBodyReader.ReadAsync(request, store.Pool, store.ComputeMd5ETags, store.DecodesAwsChunked, context.RequestAborted);
        if (store.ComputeMd5ETags && !ContentMd5.Matches(request, body.Digest))
        {
            body.Data.ReturnToPool();
            await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "BadDigest", "The Content-MD5 you specified did not match what we received.");
            return null;
        }

        return body;
    }
}
