using Amazon.S3;

namespace S3TransferManager.Upload;

/// <summary>
/// Chooses how UploadPart bodies are signed. Over plain HTTP the SDK's default signs every ~80 KB chunk of an
/// aws-chunked body (STREAMING-AWS4-HMAC-SHA256-PAYLOAD), which costs CPU and ~0.7 MB of allocations per 8 MiB part;
/// hashing the part once and sending it unchunked is cheaper, and our part bodies are always seekable, so the SDK can
/// read them twice. Over HTTPS the SDK's default (an unsigned payload with a trailing checksum) is already the cheap
/// one and is left alone.
/// </summary>
internal static class PartSigning
{
    public static bool UseChunkEncoding(IAmazonS3 client)
    {
        // An IAmazonS3 that exposes no configuration (a wrapper, a test double) keeps the SDK's default.
        if (client.Config is not { } config)
        {
            return true;
        }

        bool plainHttp = config.UseHttp
            || (config.ServiceURL is { } url && url.StartsWith("http://", StringComparison.OrdinalIgnoreCase));
        return !plainHttp;
    }
}
