using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

public sealed class UploadChecksumsTests
{
    // CRC32C of "a" and of "b", base64 of the big-endian value, as S3 acknowledges part checksums.
    private static readonly List<PartETag> s_parts =
    [
        new(1, "\"e1\"") { ChecksumCRC32C = "wdBDMA==" },
        new(2, "\"e2\"") { ChecksumCRC32C = "0oCwxA==" },
    ];

    [Fact]
    public void FromComplete_ServerSentTheChecksum_KeepsItAndDoesNotMarkItComputed()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"", ChecksumCRC32C = "server==-2", ChecksumType = ChecksumType.COMPOSITE };

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, s_parts, ChecksumAlgorithm.CRC32C);

        Assert.Equal("server==-2", response.ChecksumCRC32C);
        Assert.False(response.ChecksumComputedLocally);
    }

    [Fact]
    public void FromComplete_ServerSentNoChecksum_FillsTheCompositeOfThePartChecksums()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"" };
        byte[] concatenated = [.. Convert.FromBase64String("wdBDMA=="), .. Convert.FromBase64String("0oCwxA==")];

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, s_parts, ChecksumAlgorithm.CRC32C);

        Assert.Equal($"{Crc32CBase64(concatenated)}-2", response.ChecksumCRC32C);
        Assert.Equal(ChecksumType.COMPOSITE, response.ChecksumType);
        Assert.True(response.ChecksumComputedLocally);
    }

    [Fact]
    public void FromComplete_APartWithoutAnAcknowledgedChecksum_LeavesTheChecksumEmpty()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"" };
        List<PartETag> parts = [s_parts[0], new(2, "\"e2\"")];

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, parts, ChecksumAlgorithm.CRC32C);

        Assert.Null(response.ChecksumCRC32C);
        Assert.False(response.ChecksumComputedLocally);
    }

    // An independent CRC-32C (Castagnoli, reflected 0x82F63B78), so the test does not check our hasher against itself.
    private static string Crc32CBase64(byte[] data)
    {
        uint crc = 0xFFFFFFFF;
        foreach (byte b in data)
        {
            crc ^= b;
            for (int bit = 0; bit < 8; bit++)
            {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F63B78 : crc >> 1;
            }
        }

        crc ^= 0xFFFFFFFF;
        return Convert.ToBase64String([(byte)(crc >> 24), (byte)(crc >> 16), (byte)(crc >> 8), (byte)crc]);
    }
}
