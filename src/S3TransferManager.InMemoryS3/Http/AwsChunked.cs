using Microsoft.AspNetCore.Http;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Recognises an <c>aws-chunked</c> request body.</summary>
internal static class AwsChunked
{
    /// <summary>Whether the body is framed as aws-chunked: <c>Content-Encoding</c> names it, or the payload hash is one of
    /// the <c>STREAMING-*</c> values.</summary>
    public static bool IsUsedBy(HttpRequest request)
    {
        string? contentEncoding = request.Headers.ContentEncoding;
        if (contentEncoding is not null && contentEncoding.Contains("aws-chunked", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        string? sha = request.Headers["x-amz-content-sha256"];
        return sha is not null && sha.StartsWith("STREAMING-", StringComparison.Ordinal);
    }
}
