using System.Buffers;
using System.Globalization;
using System.Security.Cryptography;

namespace S3TransferManager.Multipart;

/// <summary>The ETag S3 gives an object completed from parts: the MD5 of the parts' binary MD5 ETags, a dash, their
/// count. It names the parts exactly, so an object whose ETag it is was completed from them.</summary>
internal static class MultipartETags
{
    /// <summary>The ETag of an object completed from parts with these ETags, in part order; null when one is not a
    /// 32-digit hex MD5 (an encrypted upload's may not be), when nothing can be concluded from it.</summary>
    public static string? Of(IReadOnlyList<string> partETags)
    {
        // Hashed digest by digest: 10,000 parts' digests side by side would be an array on the Large Object Heap.
        using var md5 = IncrementalHash.CreateHash(HashAlgorithmName.MD5);
        Span<byte> digest = stackalloc byte[MD5.HashSizeInBytes];
        foreach (string eTag in partETags)
        {
            string hex = eTag.Trim('"');
            if (hex.Length != 2 * MD5.HashSizeInBytes || Convert.FromHexString(hex, digest, out _, out _) != OperationStatus.Done)
            {
                return null;
            }

            md5.AppendData(digest);
        }

        return string.Create(CultureInfo.InvariantCulture, $"{Convert.ToHexStringLower(md5.GetHashAndReset())}-{partETags.Count}");
    }

    /// <summary>How many parts an object was uploaded in, from its multipart ETag ("md5-N", quoted or not); null for any
    /// other ETag.</summary>
    public static int? PartCount(string? eTag)
    {
        ReadOnlySpan<char> text = eTag.AsSpan().Trim('"');
        int dash = text.LastIndexOf('-');
        return dash > 0 && int.TryParse(text[(dash + 1)..], NumberStyles.None, CultureInfo.InvariantCulture, out int parts) ? parts : null;
    }

    /// <summary>Whether <paramref name="eTag"/> (quoted or not) is <paramref name="expected"/>, hex digits in any case.</summary>
    public static bool Matches(string? eTag, string expected) => string.Equals(eTag?.Trim('"'), expected, StringComparison.OrdinalIgnoreCase);
}
