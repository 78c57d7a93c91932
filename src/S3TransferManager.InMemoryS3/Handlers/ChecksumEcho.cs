using Microsoft.AspNetCore.Http;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>Echoes the checksums a client sent with a body, as S3 does in PutObject and UploadPart responses.</summary>
internal static class ChecksumEcho
{
    public static void Write(HttpResponse response, IReadOnlyList<KeyValuePair<string, string>> checksums)
    {
        foreach (KeyValuePair<string, string> pair in checksums)
        {
            response.Headers[pair.Key] = pair.Value;
        }
    }
}
