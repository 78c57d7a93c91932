using System.Buffers.Binary;
using System.IO.Hashing;
using System.Numerics;

namespace S3TransferManager.Checksums;

/// <summary>
/// CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, initial and final XOR 0xFFFFFFFF), which System.IO.Hashing
/// 10 lacks. Built on <see cref="BitOperations.Crc32C(uint, ulong)"/>, which uses the CRC32 instruction of x64 (SSE4.2)
/// and Arm64 where present and a table otherwise, 8 bytes per step. The hash bytes are big-endian, as S3 encodes them.
/// </summary>
internal sealed class Crc32C : NonCryptographicHashAlgorithm
{
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
