using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Writes a byte range of a stored object to the response straight from storage, one segment per write.</summary>
internal static class ObjectBodyWriter
{
    public static async Task WriteAsync(HttpResponse response, StoredObject storedObject, long offset, long count, CancellationToken cancellationToken)
    {
        Stream body = response.Body;
        while (count > 0)
        {
            ReadOnlyMemory<byte> chunk = storedObject.GetChunk(offset, count);
            await body.WriteAsync(chunk, cancellationToken);
            offset += chunk.Length;
            count -= chunk.Length;
        }
    }
}
