using System.Buffers.Binary;
using S3TransferManager.TestSupport;
using S3TransferManager.Checksums;

namespace S3TransferManager.Tests.Checksums;

/// <summary>The folded CRC-32 (128-bit path for 128..255 bytes, 512-bit from 256 bytes where AVX-512 exists) must give
/// exactly System.IO.Hashing's value, for every length around its block and lane sizes, every split of the input into
/// appends, and any alignment.</summary>
public sealed class Crc32FoldedTests
{
    [Fact]
    public void Hash_CheckString_IsTheCatalogueValue() => Assert.Equal(0xCBF43926u, Hash("123456789"u8));

    [Fact]
    public void Hash_EveryLengthUpTo1100_MatchesSystemIOHashing()
    {
        byte[] data = TestData.Payload(1100, seed: 3);
        for (int length = 0; length <= data.Length; length++)
        {
            Assert.Equal(System.IO.Hashing.Crc32.HashToUInt32(data.AsSpan(0, length)), Hash(data.AsSpan(0, length)));
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(15)]
    public void Hash_UnalignedStart_MatchesSystemIOHashing(int skip)
    {
        byte[] data = TestData.Payload((1 << 20) + 77, seed: 4);

        Assert.Equal(System.IO.Hashing.Crc32.HashToUInt32(data.AsSpan(skip)), Hash(data.AsSpan(skip)));
    }

    [Fact]
    public void Append_RandomSplits_MatchesOneShot()
    {
        byte[] data = TestData.Payload(300_000, seed: 5);
        var random = new Random(6);
        for (int round = 0; round < 20; round++)
        {
            var crc = new Crc32Folded();
            int offset = 0;
            while (offset < data.Length)
            {
                int count = Math.Min(data.Length - offset, random.Next(0, 5000));
                crc.Append(data.AsSpan(offset, count));
                offset += count;
            }

            Assert.Equal(System.IO.Hashing.Crc32.HashToUInt32(data), BinaryPrimitives.ReadUInt32BigEndian(crc.GetCurrentHash()));
        }
    }

    private static uint Hash(ReadOnlySpan<byte> data)
    {
        var crc = new Crc32Folded();
        crc.Append(data);
        return BinaryPrimitives.ReadUInt32BigEndian(crc.GetCurrentHash());
    }
}
