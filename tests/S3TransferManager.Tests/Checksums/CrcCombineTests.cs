using System.IO.Hashing;
using S3TransferManager.Checksums;

namespace S3TransferManager.Tests.Checksums;

public sealed class CrcCombineTests
{
    public static TheoryData<int, int> Splits => new()
    {
        { 0, 0 },
        { 0, 1 },
        { 1, 0 },
        { 1, 1 },
        { 7, 13 },
        { 1000, 1 },
        { 65_536, 100_003 },
        { 5 * 1024 * 1024, 3 * 1024 * 1024 + 17 },
    };

    [Theory]
    [MemberData(nameof(Splits))]
    public void Combine32_Crc32OfTwoRanges_EqualsTheCrcOfTheirConcatenation(int first, int second)
    {
        byte[] data = Bytes(first + second);

        uint combined = CrcCombine.Combine32(CrcCombine.Crc32Polynomial,
            Crc32.HashToUInt32(data.AsSpan(0, first)), Crc32.HashToUInt32(data.AsSpan(first)), second);

        Assert.Equal(Crc32.HashToUInt32(data), combined);
    }

    [Theory]
    [MemberData(nameof(Splits))]
    public void Combine32_Crc32COfTwoRanges_EqualsTheCrcOfTheirConcatenation(int first, int second)
    {
        byte[] data = Bytes(first + second);

        uint combined = CrcCombine.Combine32(CrcCombine.Crc32CPolynomial,
            Crc32C.Compute(data.AsSpan(0, first)), Crc32C.Compute(data.AsSpan(first)), second);

        Assert.Equal(Crc32C.Compute(data), combined);
    }

    [Theory]
    [MemberData(nameof(Splits))]
    public void Combine64_Crc64NvmeOfTwoRanges_EqualsTheCrcOfTheirConcatenation(int first, int second)
    {
        byte[] data = Bytes(first + second);

        ulong combined = CrcCombine.Combine64(CrcCombine.Crc64NvmePolynomial,
            Crc64Nvme.Compute(data.AsSpan(0, first)), Crc64Nvme.Compute(data.AsSpan(first)), second);

        Assert.Equal(Crc64Nvme.Compute(data), combined);
    }

    [Fact]
    public void Combine64_ManyPartsInOrder_EqualsTheWholeObjectsCrc()
    {
        byte[] data = Bytes(10 * 4096 + 123);
        ulong running = Crc64Nvme.Compute([]);
        for (int offset = 0; offset < data.Length; offset += 4096)
        {
            int length = Math.Min(4096, data.Length - offset);
            running = CrcCombine.Combine64(CrcCombine.Crc64NvmePolynomial, running, Crc64Nvme.Compute(data.AsSpan(offset, length)), length);
        }

        Assert.Equal(Crc64Nvme.Compute(data), running);
    }

    [Fact]
    public void Combine64_TebibyteLengths_AssociatesLikeConcatenation()
    {
        // (A‖B)‖C = A‖(B‖C) for parts of a 5 TiB object: the powers of x for huge lengths agree with each other.
        const long B = 3L * 1024 * 1024 * 1024 * 1024;
        const long C = 2L * 1024 * 1024 * 1024 * 1024 + 5;
        ulong a = 0x0123456789ABCDEFul, b = 0xFEDCBA9876543210ul, c = 0x0F1E2D3C4B5A6978ul;
        ulong p = CrcCombine.Crc64NvmePolynomial;

        ulong left = CrcCombine.Combine64(p, CrcCombine.Combine64(p, a, b, B), c, C);
        ulong right = CrcCombine.Combine64(p, a, CrcCombine.Combine64(p, b, c, C), B + C);

        Assert.Equal(left, right);
    }

    private static byte[] Bytes(int length)
    {
        var data = new byte[length];
        new Random(length).NextBytes(data);
        return data;
    }
}
