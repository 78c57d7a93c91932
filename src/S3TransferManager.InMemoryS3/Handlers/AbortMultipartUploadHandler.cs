using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>AbortMultipartUpload (<c>DELETE ?uploadId=ID</c>): drops the upload and its parts; 204.</summary>
internal static class AbortMultipartUploadHandler
{
    public static Task HandleAsync(HttpContext context, S3Bucket bucket, string key)
    {
        string uploadId = context.Request.Query["uploadId"].ToString();
        if (!bucket.TryGetUpload(uploadId, key, out MultipartUpload? upload) || !bucket.Uploads.TryRemove(uploadId, out _))
        {
            return S3ErrorWriter.NoSuchUploadAsync(context);
        }

        // Winning the removal makes this request the owner of the parts (a racing Complete fails with NoSuchUpload).
        foreach (UploadedPart part in upload.Parts.Values)
        {
            part.Data.ReturnToPool();
        }

        context.Response.StatusCode = StatusCodes.Status204NoContent;
        return Task.CompletedTask;
    }
}
