using System.Buffers.Binary;
using System.IO.Hashing;

namespace S3TransferManager.Checksums;

/// <summary>
/// CRC-64/NVME (reflected polynomial 0x9A6C9329AC4BC9B5, initial and final XOR all ones), which System.IO.Hashing
/// lacks. Carry-less multiplication folds long inputs on x86 (<see cref="CrcFolding"/>); slicing-by-8 tables
/// do the rest, and everything on other processors. The hash bytes are big-endian, as S3 encodes them.
/// </summary>
internal sealed class Crc64Nvme : NonCryptographicHashAlgorithm
{
    private static readonly ulong[][] s_tables = BuildTables();
    private ulong _crc = ulong.MaxValue;

    public Crc64Nvme()
        : base(sizeof(ulong))
    {
    }

    public static ulong Compute(ReadOnlySpan<byte> data) => ~Update(ulong.MaxValue, data);

    public override void Append(ReadOnlySpan<byte> source) => _crc = Update(_crc, source);

    public override void Reset() => _crc = ulong.MaxValue;

    protected override void GetCurrentHashCore(Span<byte> destination) => BinaryPrimitives.WriteUInt64BigEndian(destination, ~_crc);

    private static ulong Update(ulong crc, ReadOnlySpan<byte> data)
    {
        if (CrcFolding.IsSupported && data.Length >= CrcFolding.MinimumLength)
        {
            Span<byte> folded = stackalloc byte[16];
            int consumed = CrcFolding.Crc64Nvme.Fold(crc, data, folded);
            crc = UpdateWithTables(0, folded);
            data = data[consumed..];
        }

        return UpdateWithTables(crc, data);
    }

    private static ulong UpdateWithTables(ulong crc, ReadOnlySpan<byte> data)
    {
        ulong[][] t = s_tables;
        while (data.Length >= sizeof(ulong))
        {
            crc ^= BinaryPrimitives.ReadUInt64LittleEndian(data);
            crc = t[7][crc & 0xFF] ^ t[6][(crc >> 8) & 0xFF] ^ t[5][(crc >> 16) & 0xFF] ^ t[4][(crc >> 24) & 0xFF]
                ^ t[3][(crc >> 32) & 0xFF] ^ t[2][(crc >> 40) & 0xFF] ^ t[1][(crc >> 48) & 0xFF] ^ t[0][crc >> 56];
            data = data[sizeof(ulong)..];
        }

        foreach (byte b in data)
        {
            crc = t[0][(crc ^ b) & 0xFF] ^ (crc >> 8);
        }

        return crc;
    }

    private static ulong[][] BuildTables()
    {
        var tables = new ulong[8][];
        for (int k = 0; k < tables.Length; k++)
        {
            tables[k] = new ulong[256];
        }

        for (ulong i = 0; i < 256; i++)
        {
            ulong crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ CrcCombine.Crc64NvmePolynomial : crc >> 1;
            }

            tables[0][i] = crc;
        }

        for (int k = 1; k < tables.Length; k++)
        {
            for (int i = 0; i < 256; i++)
            {
                ulong previous = tables[k - 1][i];
                tables[k][i] = (previous >> 8) ^ tables[0][previous & 0xFF];
            }
        }

        return tables;
    }
}
