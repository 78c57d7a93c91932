using System.Security.Cryptography;
using System.Text;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager.Tests.Multipart;

public sealed class UploadChecksumsTests
{
    // SHA256 of "a" and of "b", base64, as S3 acknowledges part checksums; digests are stored as a composite.
    private static readonly string s_sha256A = Convert.ToBase64String(SHA256.HashData("a"u8));
    private static readonly string s_sha256B = Convert.ToBase64String(SHA256.HashData("b"u8));

    private static readonly List<PartETag> s_parts =
    [
        new(1, "\"e1\"") { ChecksumSHA256 = s_sha256A },
        new(2, "\"e2\"") { ChecksumSHA256 = s_sha256B },
    ];

    [Fact]
    public void FromComplete_ServerSentTheChecksum_KeepsItAndDoesNotMarkItComputed()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"", ChecksumSHA256 = "server==-2", ChecksumType = ChecksumType.COMPOSITE };

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, s_parts, ChecksumAlgorithm.SHA256);

        Assert.Equal("server==-2", response.ChecksumSHA256);
        Assert.False(response.ChecksumComputedLocally);
    }

    [Fact]
    public void FromComplete_ServerSentNoDigest_FillsTheCompositeOfThePartChecksums()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"" };
        byte[] concatenated = [.. SHA256.HashData("a"u8), .. SHA256.HashData("b"u8)];

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, s_parts, ChecksumAlgorithm.SHA256);

        Assert.Equal($"{Convert.ToBase64String(SHA256.HashData(concatenated))}-2", response.ChecksumSHA256);
        Assert.Equal(ChecksumType.COMPOSITE, response.ChecksumType);
        Assert.True(response.ChecksumComputedLocally);
    }

    [Fact]
    public void FromComplete_APartWithoutAnAcknowledgedDigest_LeavesTheChecksumEmpty()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"" };
        List<PartETag> parts = [s_parts[0], new(2, "\"e2\"")];

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, parts, ChecksumAlgorithm.SHA256);

        Assert.Null(response.ChecksumSHA256);
        Assert.False(response.ChecksumComputedLocally);
    }

    [Fact]
    public void FromComplete_ServerSentNoCrc_FillsTheFullObjectCrcTheLibrarySent()
    {
        var done = new CompleteMultipartUploadResponse { ETag = "\"x-2\"" };

        TransferUtilityUploadResponse response = UploadChecksums.FromComplete(done, 2, [], ChecksumAlgorithm.CRC32C, fullObject: "AAAAAA==");

        Assert.Equal("AAAAAA==", response.ChecksumCRC32C);
        Assert.Equal(ChecksumType.FULL_OBJECT, response.ChecksumType);
        Assert.True(response.ChecksumComputedLocally);
    }

    [Fact]
    public void FullObjectCrc_PartsRecordedOutOfOrder_CombineToTheCrcOfTheWhole()
    {
        byte[] whole = Encoding.ASCII.GetBytes("the quick brown fox jumps over the lazy dog");
        var crc = new S3TransferManager.Checksums.FullObjectCrc(ChecksumAlgorithm.CRC32C);
        crc.Add(2, Crc32CBase64(whole.AsSpan(10, 20).ToArray()), 20);
        crc.Add(3, Crc32CBase64(whole.AsSpan(30).ToArray()), whole.Length - 30);
        crc.Add(1, Crc32CBase64(whole.AsSpan(0, 10).ToArray()), 10);

        Assert.Equal(Crc32CBase64(whole), crc.Combine());
    }

    [Fact]
    public void FullObjectCrc_AMissingPart_RefusesToCombine()
    {
        var crc = new S3TransferManager.Checksums.FullObjectCrc(ChecksumAlgorithm.CRC32);
        crc.Add(1, "AAAAAA==", 5);
        crc.Add(3, "AAAAAA==", 5);

        Assert.Throws<InvalidOperationException>(crc.Combine);
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
