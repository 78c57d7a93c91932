using System.Buffers.Binary;
using System.IO.Hashing;
using System.Numerics;

namespace S3TransferManager.Checksums;

/// <summary>
/// CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, initial and final XOR 0xFFFFFFFF). A long input is folded with
/// carry-less multiplication where x86 has it (<see cref="CrcFolding"/>: several times the speed of one chain of CRC32
/// instructions, whose 3-cycle latency holds it to 8 bytes per 3 cycles); the folded 16 bytes, the tail and short
/// inputs go through <see cref="BitOperations.Crc32C(uint, ulong)"/>, which uses the CRC32 instruction of x64 (SSE4.2)
/// and Arm64 where present and a table otherwise. The hash bytes are big-endian, as S3 encodes them.
/// </summary>
internal sealed class Crc32C : NonCryptographicHashAlgorithm
{
    private uint _crc = uint.MaxValue;

    public Crc32C()
        : base(sizeof(uint))
    {
    }

    public static uint Compute(ReadOnlySpan<byte> data) => ~Append(uint.MaxValue, data);

    public override void Append(ReadOnlySpan<byte> source) => _crc = Append(_crc, source);

    public override void Reset() => _crc = uint.MaxValue;

    protected override void GetCurrentHashCore(Span<byte> destination) => BinaryPrimitives.WriteUInt32BigEndian(destination, ~_crc);

    private static uint Append(uint crc, ReadOnlySpan<byte> data)
    {
        if (CrcFolding.IsSupported && data.Length >= CrcFolding.MinimumLength)
        {
            Span<byte> folded = stackalloc byte[16];
            int consumed = CrcFolding.Crc32C.Fold(crc, data, folded);
            crc = Update(0, folded);
            data = data[consumed..];
        }

        return Update(crc, data);
    }

    private static uint Update(uint crc, ReadOnlySpan<byte> data)
    {
        while (data.Length >= sizeof(ulong))
        {
            crc = BitOperations.Crc32C(crc, BinaryPrimitives.ReadUInt64LittleEndian(data));
            data = data[sizeof(ulong)..];
        }

        foreach (byte b in data)
        {
            crc = BitOperations.Crc32C(crc, b);
        }

        return crc;
    }
}
