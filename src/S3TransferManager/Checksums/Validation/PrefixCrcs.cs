using Amazon.S3;
using S3TransferManager.Parts;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// The CRC of the object's first bytes up to an offset, from one download's part digests: the parts' CRCs chained in
/// order give the CRC at each part's start, and a part's running CRC at a checkpoint extends it inside the part, by CRC
/// combination. So the CRC of any byte range whose ends are known follows without reading a byte again:
/// crc(B) = Combine(crc(A), crc(A‖B), |B|) (<see cref="CrcCombine"/>).
/// </summary>
internal sealed class PrefixCrcs
{
    private readonly ChecksumAlgorithm _algorithm;
    private readonly ReceivedDigests _digests;

    /// <summary>The CRC of the bytes before each part, indexed by part - 1.</summary>
    private readonly ulong[] _beforePart;

    /// <param name="algorithm">CRC32, CRC32C or CRC64NVME, which every part went through.</param>
    /// <param name="digests">The download's part digests.</param>
    public PrefixCrcs(ChecksumAlgorithm algorithm, ReceivedDigests digests)
    {
        _algorithm = algorithm;
        _digests = digests;
        PartLayout layout = digests.Layout;
        _beforePart = new ulong[layout.PartCount];
        ulong crc = 0; // The CRC of no bytes.
        for (int part = 1; part <= layout.PartCount; part++)
        {
            _beforePart[part - 1] = crc;
            crc = CrcCombine.Combine(algorithm, crc, CrcCombine.FromBase64(digests.Get(part, algorithm).Checksum), layout.LengthOf(part));
        }
    }

    public ChecksumAlgorithm Algorithm => _algorithm;

    /// <summary>The CRC of the object's bytes before <paramref name="offset"/>; false where the part holding that
    /// offset kept no running CRC (off its checkpoints).</summary>
    public bool TryGetAt(long offset, out ulong crc)
    {
        PartLayout layout = _digests.Layout;
        int part = PartHolding(layout, offset);
        long inPart = offset - layout.StartOf(part);
        if (!_digests.Get(part, _algorithm).TryGetCrcAt(inPart, out ulong running))
        {
            crc = 0;
            return false;
        }

        crc = CrcCombine.Combine(_algorithm, _beforePart[part - 1], running, inPart);
        return true;
    }

    /// <summary>The part whose bytes include <paramref name="offset"/>, or the last part for the object's end.</summary>
    private static int PartHolding(PartLayout layout, long offset)
    {
        int low = 1;
        int high = layout.PartCount;
        while (low < high)
        {
            int middle = low + ((high - low + 1) / 2);
            if (layout.StartOf(middle) <= offset)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }

        return low;
    }
}
