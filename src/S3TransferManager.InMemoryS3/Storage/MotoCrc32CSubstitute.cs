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
                uint crc = ReflectedCrc32.Finish(ReflectedCrc32.Crc32.Update(ReflectedCrc32.Start, parts[index]));
                BinaryPrimitives.WriteUInt32BigEndian(raw.AsSpan(index * sizeof(uint)), crc);
                partChecksums[index] = Base64(crc);
            }

            string value = Base64(ReflectedCrc32.Finish(ReflectedCrc32.Crc32.Update(ReflectedCrc32.Start, raw))) + "-"
                + parts.Length.ToString(CultureInfo.InvariantCulture);
            var substituted = new CompositeChecksum(Crc32CHeader, value, partChecksums);
            return ([new(Crc32CHeader, value), new("x-amz-checksum-type", "COMPOSITE")], substituted);
        }

        if (composite is null && checksums.Any(pair => pair.Key.Equals(Crc32CHeader, StringComparison.OrdinalIgnoreCase)))
        {
            uint state = ReflectedCrc32.Start;
            foreach (SegmentedBuffer part in parts)
            {
                state = ReflectedCrc32.Crc32.Update(state, part);
            }

            string whole = Base64(ReflectedCrc32.Finish(state));
            return ([.. checksums.Select(pair => pair.Key.Equals(Crc32CHeader, StringComparison.OrdinalIgnoreCase) ? new(pair.Key, whole) : pair)], null);
        }

        return (checksums, composite);
    }

    private static string Base64(uint crc)
    {
        Span<byte> bytes = stackalloc byte[sizeof(uint)];
        BinaryPrimitives.WriteUInt32BigEndian(bytes, crc);
        return Convert.ToBase64String(bytes);
    }
}
