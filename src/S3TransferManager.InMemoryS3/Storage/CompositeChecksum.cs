using System.Buffers.Binary;
using System.Globalization;
using System.Security.Cryptography;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// A multipart object's composite checksum, as S3 builds it at CompleteMultipartUpload when the parts were uploaded
/// with a checksum and no full-object type was asked for: the checksum of the concatenated raw part checksums, sent
/// as <c>value-N</c>. GET and HEAD with checksum mode return it; GetObjectAttributes lists the parts' own values.
/// </summary>
/// <param name="HeaderName">The checksum header, e.g. <c>x-amz-checksum-crc32</c>.</param>
/// <param name="Value">The composite value, with its <c>-N</c> suffix.</param>
/// <param name="PartChecksums">Each part's checksum (base64), in part order.</param>
internal sealed record CompositeChecksum(string HeaderName, string Value, IReadOnlyList<string> PartChecksums)
{
    /// <summary>The element name in GetObjectAttributes (<c>ChecksumCRC32</c> and so on).</summary>
    public string ElementName => HeaderName["x-amz-checksum-".Length..] switch
    {
        "crc32" => "ChecksumCRC32",
        "crc32c" => "ChecksumCRC32C",
        "sha1" => "ChecksumSHA1",
        _ => "ChecksumSHA256",
    };

    /// <summary>The composite of <paramref name="parts"/>, or null when not every part carries a checksum of the same
    /// algorithm (CRC32, CRC32C, SHA1 or SHA256: S3 keeps CRC64NVME only as a full-object checksum).</summary>
    public static CompositeChecksum? TryCreate(IReadOnlyList<UploadedPart> parts)
    {
        string? header = null;
        var values = new string[parts.Count];
        for (int i = 0; i < parts.Count; i++)
        {
            if (parts[i].Checksums is not [var only] || (header is not null && !header.Equals(only.Key, StringComparison.OrdinalIgnoreCase)))
            {
                return null;
            }

            header ??= only.Key.ToLowerInvariant();
            values[i] = only.Value;
        }

        using var raw = new MemoryStream();
        foreach (string value in values)
        {
            byte[] bytes;
            try
            {
                bytes = Convert.FromBase64String(value);
            }
            catch (FormatException)
            {
                return null;
            }

            raw.Write(bytes);
        }

        byte[]? digest = header switch
        {
            "x-amz-checksum-crc32" => Crc(raw.ToArray(), ReflectedCrc32.Crc32),
            "x-amz-checksum-crc32c" => Crc(raw.ToArray(), ReflectedCrc32.Crc32C),
            "x-amz-checksum-sha1" => SHA1.HashData(raw.ToArray()),
            "x-amz-checksum-sha256" => SHA256.HashData(raw.ToArray()),
            _ => null,
        };
        return digest is null ? null
            : new CompositeChecksum(header!, Convert.ToBase64String(digest) + "-" + parts.Count.ToString(CultureInfo.InvariantCulture), values);
    }

    private static byte[] Crc(byte[] data, ReflectedCrc32 crc)
    {
        byte[] result = new byte[sizeof(uint)];
        BinaryPrimitives.WriteUInt32BigEndian(result, ReflectedCrc32.Finish(crc.Update(ReflectedCrc32.Start, data)));
        return result;
    }
}
