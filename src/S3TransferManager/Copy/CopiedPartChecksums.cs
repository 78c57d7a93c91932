using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Checksums;

namespace S3TransferManager.Copy;

/// <summary>
/// The checksums S3 reports for the parts of a multipart copy (it computes them in the upload's algorithm), carried
/// into CompleteMultipartUpload and, for a CRC, combined into the whole object's CRC, which S3 then checks against the
/// object it assembles. A server that reports no part checksum, or one of the wrong size for its algorithm, gets none
/// sent: nothing is combined from values whose meaning is uncertain.
/// </summary>
internal static class CopiedPartChecksums
{
    public static PartETag ToPartETag(int partNumber, CopyPartResponse response) => new(partNumber, response.ETag)
    {
        ChecksumCRC32 = response.ChecksumCRC32,
        ChecksumCRC32C = response.ChecksumCRC32C,
        ChecksumCRC64NVME = response.ChecksumCRC64NVME,
        ChecksumSHA1 = response.ChecksumSHA1,
        ChecksumSHA256 = response.ChecksumSHA256,
    };

    /// <summary>The whole object's CRC from its parts' (in order, with their lengths), or null when the algorithm is not
    /// a CRC or a part's value is missing or not a CRC of the algorithm's width.</summary>
    /// <param name="algorithm">The upload's algorithm.</param>
    /// <param name="parts">The parts, in order.</param>
    /// <param name="partLength">The length of part <c>n</c> (from 1).</param>
    public static string? FullObject(ChecksumAlgorithm algorithm, IReadOnlyList<PartETag> parts, Func<int, long> partLength)
    {
        if (!FullObjectCrc.IsSupported(algorithm))
        {
            return null;
        }

        int width = algorithm == ChecksumAlgorithm.CRC64NVME ? sizeof(ulong) : sizeof(uint);
        var combined = new FullObjectCrc(algorithm);
        Span<byte> raw = stackalloc byte[sizeof(ulong)];
        foreach (PartETag part in parts)
        {
            string? value = algorithm == ChecksumAlgorithm.CRC64NVME ? part.ChecksumCRC64NVME
                : algorithm == ChecksumAlgorithm.CRC32C ? part.ChecksumCRC32C
                : part.ChecksumCRC32;
            if (value is null || !Convert.TryFromBase64String(value, raw, out int written) || written != width)
            {
                return null;
            }

            combined.Add(part.PartNumber!.Value, value, partLength(part.PartNumber.Value));
        }

        return parts.Count == 0 ? null : combined.Combine();
    }
}
