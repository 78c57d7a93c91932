using System.Text;
using Amazon.S3;
using S3TransferManager.Checksums;

namespace S3TransferManager.Tests.Checksums;

public sealed class ChecksumHasherTests
{
    private static readonly byte[] s_check = Encoding.ASCII.GetBytes("123456789");

    [Theory]
    [InlineData("CRC32", "y/Q5Jg==")]
    [InlineData("CRC32C", "4waSgw==")]
    [InlineData("CRC64NVME", "rosUhgp5mIg=")]
    [InlineData("SHA1", "98O8HYCOBHMq32eZZczDTKeuNEE=")]
    [InlineData("SHA256", "FeKw08M4keuw8e9gnsQZQgwg4yDOlMZfvIwzEkSOsiU=")]
    public async Task ComputeAsync_StandardCheckInput_GivesTheBigEndianBase64CheckValue(string algorithm, string expected)
    {
        using var body = new MemoryStream(s_check);

        string value = await ChecksumHasher.ComputeAsync(ChecksumAlgorithm.FindValue(algorithm), body, CancellationToken.None);

        Assert.Equal(expected, value);
    }

    [Fact]
    public async Task ComputeAsync_StreamPartWayThrough_HashesTheRestAndRestoresThePosition()
    {
        byte[] data = TestData.Bytes(200_000);
        using var body = new MemoryStream(data) { Position = 1000 };
        using var rest = new MemoryStream(data, 1000, data.Length - 1000);

        string value = await ChecksumHasher.ComputeAsync(ChecksumAlgorithm.CRC32C, body, CancellationToken.None);

        Assert.Equal(await ChecksumHasher.ComputeAsync(ChecksumAlgorithm.CRC32C, rest, CancellationToken.None), value);
        Assert.Equal(1000, body.Position);
    }

    [Fact]
    public void Crc32C_LongInput_MatchesABitwiseReference()
    {
        byte[] data = TestData.Bytes(100_003);

        Assert.Equal(Bitwise(data, 0x82F63B78u), Crc32C.Compute(data));
    }

    [Fact]
    public void Crc64Nvme_LongInput_MatchesABitwiseReference()
    {
        byte[] data = TestData.Bytes(100_003);
        ulong crc = ulong.MaxValue;
        foreach (byte b in data)
        {
            crc ^= b;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x9A6C9329AC4BC9B5ul : crc >> 1;
            }
        }

        Assert.Equal(~crc, Crc64Nvme.Compute(data));
    }

    private static uint Bitwise(byte[] data, uint polynomial)
    {
        uint crc = uint.MaxValue;
        foreach (byte b in data)
        {
            crc ^= b;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ polynomial : crc >> 1;
            }
        }

        return ~crc;
    }
}
