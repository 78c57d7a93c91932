using Amazon.S3;

namespace S3TransferManager.Upload;

/// <summary>
/// Chooses how upload bodies (PutObject, UploadPart) are signed. The library always sends its own checksum header
/// (CRC32 unless told otherwise), which S3 verifies, so the payload signature adds no integrity S3 would not check anyway
/// once TLS protects the transfer; it costs a SHA-256 pass over every byte (about half of the client's CPU on a file
/// upload here).
/// <list type="bullet">
/// <item>Over HTTPS: unsigned (UNSIGNED-PAYLOAD) and unchunked, what the other AWS SDKs send over TLS; AWSSDK.S3
/// 4.0.104.5 would sign every ~80 KB chunk. A caller's <c>DisablePayloadSigning = false</c> keeps the SDK's signing.</item>
/// <item>Over plain HTTP: signed once (the SDK hashes the part and sends it unchunked) instead of the SDK's default of
/// signing every chunk, which costs CPU and ~0.7 MB of allocations per 8 MiB part. The SDK refuses an unsigned payload
/// over HTTP, so a caller's <c>DisablePayloadSigning = true</c> is passed on and fails as it does with the SDK.</item>
/// </list>
/// An IAmazonS3 that exposes no configuration (a wrapper, a test double) keeps the SDK's defaults.
/// </summary>
internal static class PartSigning
{
    public static PayloadSigning For(IAmazonS3 client, bool? disablePayloadSigning)
    {
        if (client.Config is not { } config)
        {
            return new PayloadSigning(UseChunkEncoding: true, disablePayloadSigning);
        }

        bool plainHttp = config.UseHttp
            || (config.ServiceURL is { } url && url.StartsWith("http://", StringComparison.OrdinalIgnoreCase));
        if (plainHttp)
        {
            return new PayloadSigning(UseChunkEncoding: false, disablePayloadSigning);
        }

        return disablePayloadSigning == false
            ? new PayloadSigning(UseChunkEncoding: true, DisablePayloadSigning: false)
            : new PayloadSigning(UseChunkEncoding: false, DisablePayloadSigning: true);
    }
}
