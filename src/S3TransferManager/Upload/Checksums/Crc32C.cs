using System.Buffers.Binary;
using System.IO.Hashing;
using System.Runtime.Intrinsics.X86;

namespace S3TransferManager.Upload.Checksums;

/// <summary>
/// CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, initial and final XOR 0xFFFFFFFF), which System.IO.Hashing
/// lacks. Uses the SSE4.2 CRC32 instruction when present (8 bytes per step), else a byte-wise table. The hash bytes are
/// big-endian, as S3 encodes them.
/// </summary>
internal sealed class Crc32C : NonCryptographicHashAlgorithm
{
    private const uint Polynomial = 0x82F63B78u;
    private static readonly uint[] s_table = BuildTable();
    private uint _crc = uint.MaxValue;

    public Crc32C()
        : base(sizeof(uint))
    {
    }

    public static uint Compute(ReadOnlySpan<byte> data) => ~Update(uint.MaxValue, data);

    public override void Append(ReadOnlySpan<byte> source) => _crc = Update(_crc, source);

    public override void Reset() => _crc = uint.MaxValue;

    protected override void GetCurrentHashCore(Span<byte> destination) => BinaryPrimitives.WriteUInt32BigEndian(destination, ~_crc);

    private static uint Update(uint crc, ReadOnlySpan<byte> data)
    {
        if (Sse42.X64.IsSupported)
        {
            ulong wide = crc;
            while (data.Length >= sizeof(ulong))
            {
                wide = Sse42.X64.Crc32(wide, BinaryPrimitives.ReadUInt64LittleEndian(data));
                data = data[sizeof(ulong)..];
            }

            crc = (uint)wide;
            foreach (byte b in data)
            {
                crc = Sse42.Crc32(crc, b);
            }

            return crc;
        }

        foreach (byte b in data)
        {
            crc = s_table[(crc ^ b) & 0xFF] ^ (crc >> 8);
        }

        return crc;
    }

    private static uint[] BuildTable()
    {
        var table = new uint[256];
        for (uint i = 0; i < table.Length; i++)
        {
            uint crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ Polynomial : crc >> 1;
            }

            table[i] = crc;
        }

        return table;
    }
}
