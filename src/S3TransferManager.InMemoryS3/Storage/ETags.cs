using System.Security.Cryptography;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>ETag formatting and comparison, as S3 does it.</summary>
internal static class ETags
{
    /// <summary>A single-part ETag: the quoted lower-case hex of the digest.</summary>
    public static string FromDigest(byte[] digest) => "\"" + Convert.ToHexStringLower(digest) + "\"";

    /// <summary>A multipart ETag: the MD5 of the concatenated binary part digests, then <c>-N</c> (unless
    /// <paramref name="withPartCount"/> is false, as some servers make it).</summary>
    public static string FromPartDigests(IReadOnlyList<byte[]> partDigests, bool withPartCount = true)
    {
        byte[] concatenated = new byte[partDigests.Count * 16];
        for (int i = 0; i < partDigests.Count; i++)
        {
            partDigests[i].CopyTo(concatenated, i * 16);
        }

        string hex = Convert.ToHexStringLower(MD5.HashData(concatenated));
        return withPartCount ? "\"" + hex + "-" + partDigests.Count + "\"" : "\"" + hex + "\"";
    }

    /// <summary>Whether an If-Match/If-None-Match header value names <paramref name="eTag"/> (or is <c>*</c>).</summary>
    public static bool ListMatches(string headerValue, string eTag)
    {
        ReadOnlySpan<char> wanted = Unquote(eTag);
        foreach (Range range in headerValue.AsSpan().Split(','))
        {
            ReadOnlySpan<char> candidate = headerValue.AsSpan(range).Trim();
            if (candidate.SequenceEqual("*") || Unquote(candidate).SequenceEqual(wanted))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether two ETags are equal, ignoring quotes (clients send them either way).</summary>
    public static bool AreEqual(string a, string b) => Unquote(a).SequenceEqual(Unquote(b));

    private static ReadOnlySpan<char> Unquote(ReadOnlySpan<char> value)
    {
        value = value.Trim();
        if (value.StartsWith("W/", StringComparison.Ordinal))
        {
            value = value[2..];
        }

        return value.Trim('"');
    }
}
