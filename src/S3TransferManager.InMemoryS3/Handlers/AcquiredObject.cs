using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>Runs a read of one object while holding a reader's reference to it (so its buffers are not pooled under
/// the read if it is replaced meanwhile); NoSuchKey when it is not there.</summary>
internal static class AcquiredObject
{
    public static async Task ReadAsync(HttpContext context, S3Bucket bucket, string key, Func<HttpContext, StoredObject, Task> read)
    {
        if (!bucket.TryAcquire(key, out StoredObject? storedObject))
        {
            await S3ErrorWriter.NoSuchKeyAsync(context);
            return;
        }

        try
        {
            await read(context, storedObject);
        }
        finally
        {
            storedObject.Release();
        }
    }
}
