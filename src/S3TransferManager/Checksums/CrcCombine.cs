using System.Buffers.Binary;
using Amazon.S3;

namespace S3TransferManager.Checksums;

/// <summary>
/// Combines the CRCs of two consecutive byte ranges into the CRC of both, from the second range's length alone, so a
/// full-object CRC can be built from part CRCs computed in parallel, with no second pass over the data.
/// </summary>
/// <remarks>
/// Works for reflected CRCs whose initial value equals their final XOR (CRC-32, CRC-32C and CRC-64/NVME all use all
/// ones): then crc(A‖B) = crc(A)·x^(8·|B|) ⊕ crc(B) mod P, because the initial value's and the final XOR's
/// contributions cancel. Values are taken as the algorithms report them (after the final XOR). In the reflected form
/// the highest bit is the coefficient of x^0, and multiplying by x is a shift right with a reduction by the reflected
/// polynomial when the x^(W-1) coefficient (the lowest bit) falls out. Cost: O(log |B|) multiplications of W steps.
/// </remarks>
internal static class CrcCombine
{
    /// <summary>Reflected CRC-32 polynomial (IEEE 802.3), as System.IO.Hashing.Crc32 uses.</summary>
    public const uint Crc32Polynomial = 0xEDB88320u;

    /// <summary>Reflected CRC-32C (Castagnoli) polynomial.</summary>
    public const uint Crc32CPolynomial = 0x82F63B78u;

    /// <summary>Reflected CRC-64/NVME polynomial.</summary>
    public const ulong Crc64NvmePolynomial = 0x9A6C9329AC4BC9B5ul;

    /// <summary>The CRC of A‖B from crc(A), crc(B) and |B|.</summary>
    public static uint Combine32(uint polynomial, uint crcFirst, uint crcSecond, long secondLength) =>
        (uint)Combine(polynomial, 32, crcFirst, crcSecond, secondLength);

    /// <summary>The CRC of A‖B from crc(A), crc(B) and |B|.</summary>
    public static ulong Combine64(ulong polynomial, ulong crcFirst, ulong crcSecond, long secondLength) =>
        Combine(polynomial, 64, crcFirst, crcSecond, secondLength);

    /// <summary>The CRC of A‖B from crc(A), crc(B) and |B|, for CRC32, CRC32C or CRC64NVME. Because the combination
    /// is linear, it also gives a suffix's CRC: crc(B) = Combine(crc(A), crc(A‖B), |B|).</summary>
    public static ulong Combine(ChecksumAlgorithm algorithm, ulong crcFirst, ulong crcSecond, long secondLength) =>
        algorithm == ChecksumAlgorithm.CRC64NVME ? Combine64(Crc64NvmePolynomial, crcFirst, crcSecond, secondLength)
        : algorithm == ChecksumAlgorithm.CRC32 ? Combine32(Crc32Polynomial, (uint)crcFirst, (uint)crcSecond, secondLength)
        : algorithm == ChecksumAlgorithm.CRC32C ? Combine32(Crc32CPolynomial, (uint)crcFirst, (uint)crcSecond, secondLength)
        : throw new ArgumentOutOfRangeException(nameof(algorithm), algorithm?.Value, "Only CRC32, CRC32C and CRC64NVME combine.");

    /// <summary>A CRC as S3 sends it (base64 of the big-endian value: 4 bytes, or 8 for CRC64NVME) as a number.</summary>
    public static ulong FromBase64(string base64Crc)
    {
        Span<byte> bytes = stackalloc byte[sizeof(ulong)];
        if (!Convert.TryFromBase64String(base64Crc, bytes, out int written) || (written != sizeof(uint) && written != sizeof(ulong)))
        {
            throw new FormatException($"'{base64Crc}' is not a base64 CRC of 4 or 8 bytes.");
        }

        return written == sizeof(ulong) ? BinaryPrimitives.ReadUInt64BigEndian(bytes) : BinaryPrimitives.ReadUInt32BigEndian(bytes);
    }

    /// <summary>A CRC number as S3 sends it: base64 of the big-endian value (<see cref="WriteBigEndian"/>).</summary>
    public static string ToBase64(ChecksumAlgorithm algorithm, ulong crc)
    {
        Span<byte> bytes = stackalloc byte[sizeof(ulong)];
        return Convert.ToBase64String(bytes[..WriteBigEndian(algorithm, crc, bytes)]);
    }

    /// <summary>Writes a CRC number's raw bytes as S3 encodes and concatenates them: big-endian, 8 bytes for CRC64NVME
    /// and 4 otherwise. Returns how many were written.</summary>
    public static int WriteBigEndian(ChecksumAlgorithm algorithm, ulong crc, Span<byte> destination)
    {
        if (algorithm == ChecksumAlgorithm.CRC64NVME)
        {
            BinaryPrimitives.WriteUInt64BigEndian(destination, crc);
            return sizeof(ulong);
        }

        BinaryPrimitives.WriteUInt32BigEndian(destination, (uint)crc);
        return sizeof(uint);
    }

    private static ulong Combine(ulong polynomial, int width, ulong crcFirst, ulong crcSecond, long secondLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(secondLength);
        if (secondLength == 0)
        {
            return crcFirst;
        }

        ulong shift = PowerOfX(polynomial, width, checked((ulong)secondLength * 8));
        return MultiplyMod(polynomial, width, crcFirst, shift) ^ crcSecond;
    }

    /// <summary>x^exponent mod P, by squaring, in the reflected form (the highest bit is the coefficient of x^0).</summary>
    internal static ulong PowerOfX(ulong polynomial, int width, ulong exponent)
    {
        ulong one = 1ul << (width - 1);
        ulong result = one;
        ulong power = one >> 1; // x^1
        while (exponent != 0)
        {
            if ((exponent & 1) != 0)
            {
                result = MultiplyMod(polynomial, width, result, power);
            }

            power = MultiplyMod(polynomial, width, power, power);
            exponent >>= 1;
        }

        return result;
    }

    /// <summary>a(x)·b(x) mod P in the reflected form: for each coefficient of a, from x^0 up, add b·x^i.</summary>
    private static ulong MultiplyMod(ulong polynomial, int width, ulong a, ulong b)
    {
        ulong product = 0;
        for (ulong coefficient = 1ul << (width - 1); coefficient != 0 && a != 0; coefficient >>= 1)
        {
            if ((a & coefficient) != 0)
            {
                product ^= b;
                a ^= coefficient;
            }

            b = (b & 1) != 0 ? (b >> 1) ^ polynomial : b >> 1;
        }

        return product;
    }
}
