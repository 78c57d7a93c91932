using System.Buffers.Binary;
using Amazon.S3;

namespace S3TransferManager.Upload.Checksums;

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
        byte[] bytes = Convert.FromBase64String(base64Crc);
        ulong crc = bytes.Length == sizeof(ulong) ? BinaryPrimitives.ReadUInt64BigEndian(bytes) : BinaryPrimitives.ReadUInt32BigEndian(bytes);
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

                crc = _algorithm == ChecksumAlgorithm.CRC64NVME
                    ? CrcCombine.Combine64(CrcCombine.Crc64NvmePolynomial, crc, partCrc, length)
                    : CrcCombine.Combine32(_algorithm == ChecksumAlgorithm.CRC32 ? CrcCombine.Crc32Polynomial : CrcCombine.Crc32CPolynomial,
                        (uint)crc, (uint)partCrc, length);
            }
        }

        Span<byte> bytes = stackalloc byte[sizeof(ulong)];
        if (_algorithm == ChecksumAlgorithm.CRC64NVME)
        {
            BinaryPrimitives.WriteUInt64BigEndian(bytes, crc);
            return Convert.ToBase64String(bytes);
        }

        BinaryPrimitives.WriteUInt32BigEndian(bytes, (uint)crc);
        return Convert.ToBase64String(bytes[..sizeof(uint)]);
    }
}
