using System.Buffers.Binary;

namespace S3TransferManager.InMemoryS3;

/// <summary>
/// Deterministic object content for seeding and verifying: every 8-byte word is a hash of its index and a seed, so
/// any byte can be checked from its offset alone and a misplaced part never looks right.
/// </summary>
public static class InMemoryS3Content
{
    /// <summary>Fills <paramref name="destination"/> with the content found at <paramref name="offset"/> of the object.</summary>
    /// <param name="destination">The bytes to fill.</param>
    /// <param name="offset">The offset in the object of <paramref name="destination"/>'s first byte.</param>
    /// <param name="seed">Distinguishes objects; the same seed and offset always give the same bytes.</param>
    public static void Fill(Span<byte> destination, long offset, int seed = 0)
    {
        // Head and tail bytes that do not fill a whole word go one at a time; the aligned middle goes a word at a time.
        int head = (int)Math.Min((8 - (offset & 7)) & 7, destination.Length);
        for (int i = 0; i < head; i++)
        {
            destination[i] = ByteAt(offset + i, seed);
        }

        Span<byte> middle = destination[head..];
        int words = middle.Length / 8;
        ulong firstWord = (ulong)((offset + head) >> 3);
        for (int i = 0; i < words; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(middle.Slice(i * 8, 8), Mix(firstWord + (ulong)i, seed));
        }

        for (int i = words * 8; i < middle.Length; i++)
        {
            middle[i] = ByteAt(offset + head + i, seed);
        }
    }

    /// <summary>Creates <paramref name="length"/> bytes of content with <paramref name="seed"/>; for small test objects.</summary>
    /// <param name="length">The number of bytes.</param>
    /// <param name="seed">Distinguishes objects.</param>
    /// <returns>A new array.</returns>
    public static byte[] Create(int length, int seed = 0)
    {
        byte[] content = new byte[length];
        Fill(content, 0, seed);
        return content;
    }

    private static byte ByteAt(long position, int seed) =>
        (byte)(Mix((ulong)(position >> 3), seed) >> (int)((position & 7) * 8));

    // The finaliser of MurmurHash3: cheap, and every input bit affects every output bit.
    private static ulong Mix(ulong value, int seed)
    {
        value += (ulong)(uint)seed * 0x9E3779B97F4A7C15UL;
        value ^= value >> 33;
        value *= 0xFF51AFD7ED558CCDUL;
        value ^= value >> 33;
        value *= 0xC4CEB9FE1A85EC53UL;
        value ^= value >> 33;
        return value;
    }
}
