using System.Diagnostics.CodeAnalysis;
using System.Security.Cryptography;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Multipart;

/// <summary>The MD5 of an SSE-C key, which CompleteMultipartUpload needs and the AWS SDK fills in only on the other
/// requests of an upload.</summary>
internal static class SseCustomerKey
{
    /// <summary>The caller's MD5 when given, otherwise the MD5 of <paramref name="key"/>; null when there is no key.</summary>
    /// <param name="key">The SSE-C key, base64-encoded.</param>
    /// <param name="md5">The caller's base64 MD5 of it, if any.</param>
    [SuppressMessage("Security", "CA5351", Justification = "S3's SSE-C protocol names MD5 as the key's integrity check; nothing is protected by it.")]
    public static string? Md5(string? key, string? md5)
    {
        if (md5 is { Length: > 0 } || key is not { Length: > 0 })
        {
            return md5;
        }

        return Convert.ToBase64String(MD5.HashData(Convert.FromBase64String(key)));
    }
}
