using Microsoft.AspNetCore.Http;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>Checks a request's Content-MD5 header (base64 of the binary MD5) against the body's digest.</summary>
internal static class ContentMd5
{
    /// <summary>True when the header is absent or matches.</summary>
    public static bool Matches(HttpRequest request, byte[] digest)
    {
        string? header = request.Headers.ContentMD5;
        if (string.IsNullOrEmpty(header))
        {
            return true;
        }

        Span<byte> expected = stackalloc byte[16];
        return Convert.TryFromBase64String(header, expected, out int written)
            && written == 16
            && expected.SequenceEqual(digest);
    }
}
