using System.Buffers.Binary;
using System.Globalization;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// What moto stores for a CRC32C value it computes itself without its optional crc32c module
/// (<see cref="InMemoryS3ChecksumStyle.MotoWithoutCrc32C"/>): a CRC32 under the CRC32C name, of the whole object for a
/// full-object checksum, and for a composite one the CRC32 of the parts' CRC32s.
/// </summary>
internal static class MotoCrc32CSubstitute
{
    private const string Crc32CHeader = "x-amz-checksum-crc32c";
    private static readonly uint[] s_table = BuildTable(0xEDB88320u);

    /// <summary>The checksums to store for an object completed from <paramref name="parts"/>: CRC32 values in place of
    /// the CRC32C ones; anything else unchanged.</summary>
    public static (IReadOnlyList<KeyValuePair<string, string>> Checksums, CompositeChecksum? Composite) Apply(
        IReadOnlyList<KeyValuePair<string, string>> checksums, CompositeChecksum? composite, SegmentedBuffer[] parts)
    {
        if (composite is { HeaderName: Crc32CHeader })
        {
            var partChecksums = new string[parts.Length];
            var raw = new byte[parts.Length * sizeof(uint)];
            for (int index = 0; index < parts.Length; index++)
            {
                uint crc = Crc32(parts[index]);
                BinaryPrimitives.WriteUInt32BigEndian(raw.AsSpan(index * sizeof(uint)), crc);
                partChecksums[index] = Base64(crc);
            }

            string value = Base64(~Update(uint.MaxValue, raw)) + "-" + parts.Length.ToString(CultureInfo.InvariantCulture);
            var substituted = new CompositeChecksum(Crc32CHeader, value, partChecksums);
            return ([new(Crc32CHeader, value), new("x-amz-checksum-type", "COMPOSITE")], substituted);
        }

        if (composite is null && checksums.Any(pair => pair.Key.Equals(Crc32CHeader, StringComparison.OrdinalIgnoreCase)))
        {
            uint crc = uint.MaxValue;
            foreach (SegmentedBuffer part in parts)
            {
                crc = Update(crc, part);
            }

            string whole = Base64(~crc);
            return ([.. checksums.Select(pair => pair.Key.Equals(Crc32CHeader, StringComparison.OrdinalIgnoreCase) ? new(pair.Key, whole) : pair)], null);
        }

        return (checksums, composite);
    }

    private static uint Crc32(SegmentedBuffer part) => ~Update(uint.MaxValue, part);

    private static uint Update(uint crc, SegmentedBuffer buffer)
    {
        for (long offset = 0; offset < buffer.Length;)
        {
            ReadOnlyMemory<byte> chunk = buffer.GetChunk(offset, buffer.Length - offset);
            crc = Update(crc, chunk.Span);
            offset += chunk.Length;
        }

        return crc;
    }

    private static uint Update(uint crc, ReadOnlySpan<byte> data)
    {
        foreach (byte b in data)
        {
            crc = s_table[(crc ^ b) & 0xFF] ^ (crc >> 8);
        }

        return crc;
    }

    private static string Base64(uint crc)
    {
        Span<byte> bytes = stackalloc byte[sizeof(uint)];
        BinaryPrimitives.WriteUInt32BigEndian(bytes, crc);
        return Convert.ToBase64String(bytes);
    }

    private static uint[] BuildTable(uint polynomial)
    {
        var table = new uint[256];
        for (uint i = 0; i < 256; i++)
        {
            uint crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ polynomial : crc >> 1;
            }

            table[i] = crc;
        }

        return table;
    }
}
