using System.IO.Hashing;
using S3TransferManager.Checksums;
using S3TransferManager.TestSupport;

namespace S3TransferManager.Tests.Checksums;

/// <summary>CRC-32C, folded from 128 bytes on (128-bit path, 512-bit from 256 bytes where AVX-512 exists), must give
/// exactly System.IO.Hashing's Castagnoli value for every length around its block and lane sizes, every split of the
/// input into appends, and any alignment.</summary>
public sealed class Crc32CTests
{
    [Fact]
    public void Compute_CheckString_IsTheCatalogueValue() => Assert.Equal(0xE3069283u, Crc32C.Compute("123456789"u8));

    [Fact]
    public void Compute_EveryLengthUpTo1100_MatchesSystemIOHashing()
    {
        byte[] data = TestData.Payload(1100, seed: 13);
        for (int length = 0; length <= data.Length; length++)
        {
            Assert.Equal(Reference(data.AsSpan(0, length)), Crc32C.Compute(data.AsSpan(0, length)));
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(63)]
    public void Compute_UnalignedStart_MatchesSystemIOHashing(int skip)
    {
        byte[] data = TestData.Payload((1 << 20) + 77, seed: 14);

        Assert.Equal(Reference(data.AsSpan(skip)), Crc32C.Compute(data.AsSpan(skip)));
    }

    [Fact]
    public void Append_RandomSplits_MatchesOneShot()
    {
        byte[] data = TestData.Payload(300_000, seed: 15);
        var random = new Random(16);
        var crc = new Crc32C();
        int offset = 0;
        while (offset < data.Length)
        {
            int length = Math.Min(random.Next(0, 5000), data.Length - offset);
            crc.Append(data.AsSpan(offset, length));
            offset += length;
        }

        Assert.Equal(Reference(data), System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(crc.GetCurrentHash()));
    }

    /// <summary>An implementation written elsewhere: System.IO.Hashing's Castagnoli parameter set.</summary>
    private static uint Reference(ReadOnlySpan<byte> data)
    {
        var reference = new Crc32(Crc32ParameterSet.Crc32C);
        reference.Append(data);
        return reference.GetCurrentHashAsUInt32();
    }
}
