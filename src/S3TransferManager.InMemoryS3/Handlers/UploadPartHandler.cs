using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>UploadPart (<c>PUT ?partNumber=N&amp;uploadId=ID</c>): stores or replaces one part, returns its ETag.</summary>
internal static class UploadPartHandler
{
    public static async Task HandleAsync(HttpContext context, ObjectStore store, S3Bucket bucket, string key)
    {
        HttpRequest request = context.Request;
        if (!int.TryParse(request.Query["partNumber"], NumberStyles.None, CultureInfo.InvariantCulture, out int partNumber)
            || partNumber < 1 || partNumber > 10000)
        {
            await S3ErrorWriter.InvalidArgumentAsync(context, "Part number must be an integer between 1 and 10000, inclusive");
            return;
        }

        if (!bucket.TryGetUpload(request.Query["uploadId"].ToString(), key, out MultipartUpload? upload))
        {
            await S3ErrorWriter.NoSuchUploadAsync(context);
            return;
        }

        if (await UploadedBody.ReadAsync(context, store) is not { } body)
        {
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
