using System.Buffers.Binary;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;
using S3TransferManager.Checksums;

namespace S3TransferManager.Tests.Checksums;

/// <summary>The folding fast paths (128-bit for 128..255 bytes, 512-bit from 256 bytes where AVX-512 exists) must give
/// exactly the table result, for every length around their block and lane sizes,
/// every split of the input into appends, and any alignment.</summary>
public sealed class Crc64NvmeTests
{
    [Fact]
    public void Compute_CheckString_IsTheCatalogueValue() =>
        Assert.Equal(0xAE8B14860A799888ul, Crc64Nvme.Compute("123456789"u8));

    [Fact]
    public void Compute_EveryLengthUpTo1100_MatchesTheIndependentTableImplementation()
    {
        byte[] data = TestData.Payload(1100, seed: 3);
        for (int length = 0; length <= data.Length; length++)
        {
            Assert.Equal(IndependentChecksums.Crc64Nvme(data.AsSpan(0, length)), Crc64Nvme.Compute(data.AsSpan(0, length)));
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(15)]
    public void Compute_UnalignedStart_MatchesTheIndependentTableImplementation(int skip)
    {
        byte[] data = TestData.Payload((1 << 20) + 77, seed: 4);

        Assert.Equal(IndependentChecksums.Crc64Nvme(data.AsSpan(skip)), Crc64Nvme.Compute(data.AsSpan(skip)));
    }

    [Fact]
    public void Append_RandomSplits_MatchesOneShot()
    {
        byte[] data = TestData.Payload(300_000, seed: 5);
        var random = new Random(6);
        for (int round = 0; round < 20; round++)
        {
            var crc = new Crc64Nvme();
            int offset = 0;
            while (offset < data.Length)
            {
                int count = Math.Min(data.Length - offset, random.Next(0, 5000));
                crc.Append(data.AsSpan(offset, count));
                offset += count;
            }

            Assert.Equal(IndependentChecksums.Crc64Nvme(data), BinaryPrimitives.ReadUInt64BigEndian(crc.GetCurrentHash()));
        }
    }
}
