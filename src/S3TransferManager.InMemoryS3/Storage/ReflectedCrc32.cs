namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>A reflected 32-bit CRC (initial value and final XOR all ones), a byte per step from a table: the checksums
/// the endpoint computes itself (composites of part checksums, and moto's CRC32 in place of CRC32C) are few and short
/// next to what it serves.</summary>
internal sealed class ReflectedCrc32
{
    /// <summary>The running state before any byte; <see cref="Finish"/> turns a state into the CRC.</summary>
    public const uint Start = uint.MaxValue;

    private readonly uint[] _table = new uint[256];

    private ReflectedCrc32(uint polynomial)
    {
        for (uint i = 0; i < 256; i++)
        {
            uint crc = i;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ polynomial : crc >> 1;
            }

            _table[i] = crc;
        }
    }

    /// <summary>CRC-32 (IEEE).</summary>
    public static ReflectedCrc32 Crc32 { get; } = new(0xEDB88320u);

    /// <summary>CRC-32C (Castagnoli).</summary>
    public static ReflectedCrc32 Crc32C { get; } = new(0x82F63B78u);

    public uint Update(uint state, ReadOnlySpan<byte> data)
    {
        uint[] table = _table;
        foreach (byte b in data)
        {
            state = table[(state ^ b) & 0xFF] ^ (state >> 8);
        }

        return state;
    }

    public uint Update(uint state, SegmentedBuffer buffer)
    {
        for (long offset = 0; offset < buffer.Length;)
        {
            ReadOnlyMemory<byte> chunk = buffer.GetChunk(offset, buffer.Length - offset);
            state = Update(state, chunk.Span);
            offset += chunk.Length;
        }

        return state;
    }

    public static uint Finish(uint state) => ~state;
}
