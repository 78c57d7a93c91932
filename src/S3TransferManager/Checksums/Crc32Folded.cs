using System.Buffers.Binary;
using System.IO.Hashing;

namespace S3TransferManager.Checksums;

/// <summary>
/// CRC-32 (IEEE, reflected polynomial 0xEDB88320), the same values as <see cref="System.IO.Hashing.Crc32"/>, folded with
/// 512-bit carry-less multiplication (<see cref="CrcFolding"/>). Used only where <see cref="CrcFolding.WideIsSupported"/>
/// (VPCLMULQDQ and AVX-512), where it beats System.IO.Hashing's 128-bit folding; elsewhere (older x86, Arm with its CRC
/// instructions) System.IO.Hashing is as fast or faster. The hash bytes are big-endian, as S3 encodes them.
/// </summary>
internal sealed class Crc32Folded : NonCryptographicHashAlgorithm
{
    private static readonly uint[] s_table = BuildTable();
    private uint _crc = uint.MaxValue;

    public Crc32Folded()
        : base(sizeof(uint))
    {
    }

    public override void Append(ReadOnlySpan<byte> source)
    {
        uint crc = _crc;
        if (source.Length >= CrcFolding.MinimumLength)
        {
            Span<byte> folded = stackalloc byte[16];
            int consumed = CrcFolding.Crc32.Fold(crc, source, folded);
            crc = UpdateWithTable(0, folded);
            source = source[consumed..];
        }

        _crc = UpdateWithTable(crc, source);
    }

    public override void Reset() => _crc = uint.MaxValue;

    protected override void GetCurrentHashCore(Span<byte> destination) => BinaryPrimitives.WriteUInt32BigEndian(destination, ~_crc);

    /// <summary>The tail and short inputs only (under 256 bytes at a time), so one byte per step is enough.</summary>
    private static uint UpdateWithTable(uint crc, ReadOnlySpan<byte> data)
    {
        uint[] table = s_table;
        foreach (byte b in data)
        {
            crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8);
        }

        return crc;
    }

    private static uint[] BuildTable()
    {
        var table = new uint[256];
        for (uint i = 0; i < 256; i++)
        {
            uint crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ CrcCombine.Crc32Polynomial : crc >> 1;
            }

            table[i] = crc;
        }

        return table;
    }
}
