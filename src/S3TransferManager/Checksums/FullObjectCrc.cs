using Amazon.S3;

namespace S3TransferManager.Checksums;

/// <summary>
/// Builds a multipart upload's full-object CRC (CRC32, CRC32C or CRC64NVME) from the CRCs of its parts, computed as
/// the parts were sent, in any order, by combining them in part order: no second pass over the data. S3 checks the
/// value sent with CompleteMultipartUpload against the object it assembles, and any client can later validate a
/// download against it. Thread-safe.
/// </summary>
internal sealed class FullObjectCrc
{
    private readonly ChecksumAlgorithm _algorithm;
    private readonly SortedDictionary<int, (ulong Crc, long Length)> _parts = [];

    public FullObjectCrc(ChecksumAlgorithm algorithm)
    {
        if (!IsSupported(algorithm))
        {
            throw new ArgumentOutOfRangeException(nameof(algorithm), algorithm.Value, "Only CRC32, CRC32C and CRC64NVME combine into a full-object checksum.");
        }

        _algorithm = algorithm;
    }

    public static bool IsSupported(ChecksumAlgorithm? algorithm) =>
        algorithm == ChecksumAlgorithm.CRC32 || algorithm == ChecksumAlgorithm.CRC32C || algorithm == ChecksumAlgorithm.CRC64NVME;

    /// <summary>Records a part's CRC, as sent (base64 of the big-endian value), and its length.</summary>
    public void Add(int partNumber, string base64Crc, long length)
    {
        ulong crc = CrcCombine.FromBase64(base64Crc);
        lock (_parts)
        {
            _parts[partNumber] = (crc, length);
        }
    }

    /// <summary>The object's CRC, base64 of the big-endian value, from parts 1..N in order.</summary>
    /// <exception cref="InvalidOperationException">A part between 1 and the last one is missing.</exception>
    public string Combine()
    {
        ulong crc = 0; // The CRC of no bytes, for all three algorithms (their initial value equals their final XOR).
        int expected = 1;
        lock (_parts)
        {
            foreach ((int partNumber, (ulong partCrc, long length)) in _parts)
            {
                if (partNumber != expected++)
                {
                    throw new InvalidOperationException($"Part {expected - 1} has no recorded CRC; the full-object CRC cannot be built.");
                }

                crc = CrcCombine.Combine(_algorithm, crc, partCrc, length);
            }
        }

        return CrcCombine.ToBase64(_algorithm, crc);
    }
}
