using System.Buffers.Binary;
using System.IO.Hashing;
using System.Security.Cryptography;
using Amazon.S3;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// S3's checksums computed here, without the AWS SDK, to check what the library sent and S3 stored. CRC32C and
/// CRC64NVME are bitwise-table CRCs written from their published parameters (System.IO.Hashing has neither); their
/// standard check values are asserted by a test.
/// </summary>
public static class IndependentChecksums
{
    private static readonly uint[] s_crc32cTable = BuildTable32(0x82F63B78u);
    private static readonly ulong[] s_crc64NvmeTable = BuildTable64(0x9A6C9329AC4BC9B5ul);

    /// <summary>The raw (big-endian for CRCs) checksum bytes of <paramref name="data"/>.</summary>
    public static byte[] Raw(ChecksumAlgorithm algorithm, ReadOnlySpan<byte> data)
    {
        if (algorithm == ChecksumAlgorithm.CRC32)
        {
            return BigEndian32(Crc32.HashToUInt32(data));
        }

        if (algorithm == ChecksumAlgorithm.CRC32C)
        {
            return BigEndian32(Crc32C(data));
        }

        if (algorithm == ChecksumAlgorithm.CRC64NVME)
        {
            var bytes = new byte[8];
            BinaryPrimitives.WriteUInt64BigEndian(bytes, Crc64Nvme(data));
            return bytes;
        }

        if (algorithm == ChecksumAlgorithm.SHA1)
        {
            return SHA1.HashData(data);
        }

        if (algorithm == ChecksumAlgorithm.SHA256)
        {
            return SHA256.HashData(data);
        }

        throw new ArgumentOutOfRangeException(nameof(algorithm), algorithm.Value, "Not an S3 upload checksum this test knows.");
    }

    public static string Base64(ChecksumAlgorithm algorithm, ReadOnlySpan<byte> data) => Convert.ToBase64String(Raw(algorithm, data));

    /// <summary>S3's composite multipart checksum: the checksum of the concatenated raw part checksums, then "-N".</summary>
    public static string Composite(ChecksumAlgorithm algorithm, byte[] data, int partSize)
    {
        var concatenated = new List<byte>();
        int parts = 0;
        for (int offset = 0; offset < data.Length; offset += partSize, parts++)
        {
            concatenated.AddRange(Raw(algorithm, data.AsSpan(offset, Math.Min(partSize, data.Length - offset))));
        }

        return $"{Base64(algorithm, concatenated.ToArray())}-{parts}";
    }

    public static uint Crc32C(ReadOnlySpan<byte> data)
    {
        uint crc = 0xFFFFFFFFu;
        foreach (byte b in data)
        {
            crc = s_crc32cTable[(crc ^ b) & 0xFF] ^ (crc >> 8);
        }

        return ~crc;
    }

    public static ulong Crc64Nvme(ReadOnlySpan<byte> data)
    {
        ulong crc = ulong.MaxValue;
        foreach (byte b in data)
        {
            crc = s_crc64NvmeTable[(crc ^ b) & 0xFF] ^ (crc >> 8);
        }

        return ~crc;
    }

    private static byte[] BigEndian32(uint value)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteUInt32BigEndian(bytes, value);
        return bytes;
    }

    private static uint[] BuildTable32(uint reflectedPolynomial)
    {
        var table = new uint[256];
        for (uint i = 0; i < 256; i++)
        {
            uint crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ reflectedPolynomial : crc >> 1;
            }

            table[i] = crc;
        }

        return table;
    }

    private static ulong[] BuildTable64(ulong reflectedPolynomial)
    {
        var table = new ulong[256];
        for (ulong i = 0; i < 256; i++)
        {
            ulong crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ reflectedPolynomial : crc >> 1;
            }

            table[i] = crc;
        }

        return table;
    }
}
