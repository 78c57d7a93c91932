using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>DeleteObject: 204 whether or not the key existed, as S3 does for unversioned buckets.</summary>
internal static class DeleteObjectHandler
{
    public static Task HandleAsync(HttpContext context, S3Bucket bucket, string key)
    {
        bucket.TryDelete(key);
        context.Response.StatusCode = StatusCodes.Status204NoContent;
        return Task.CompletedTask;
    }
}
