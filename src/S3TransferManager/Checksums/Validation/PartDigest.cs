using Amazon.S3;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// One part's checksum in one algorithm and, for a CRC, its running value at chosen offsets inside the part (where a
/// stored part of the object ends), so that a composite checksum whose stored parts do not line up with this
/// download's parts can still be checked (<see cref="StoredPartCrcs"/>).
/// </summary>
internal sealed class PartDigest
{
    private readonly CrcCheckpoint[] _checkpoints;

    public PartDigest(ChecksumAlgorithm algorithm, string checksum, long length, CrcCheckpoint[] checkpoints)
    {
        Algorithm = algorithm;
        Checksum = checksum;
        Length = length;
        _checkpoints = checkpoints;
    }

    public ChecksumAlgorithm Algorithm { get; }

    /// <summary>The part's checksum, base64, as S3 sends one.</summary>
    public string Checksum { get; }

    public long Length { get; }

    /// <summary>The CRC of the part's first <paramref name="offset"/> bytes: known at 0 (the CRC of no bytes is 0 for
    /// CRC32, CRC32C and CRC64NVME), at the part's end, and at its checkpoints; false elsewhere.</summary>
    public bool TryGetCrcAt(long offset, out ulong crc)
    {
        if (offset == 0)
        {
            crc = 0;
            return true;
        }

        if (offset == Length)
        {
            crc = CrcCombine.FromBase64(Checksum);
            return true;
        }

        // Checkpoints are recorded in increasing offsets.
        int index = Array.BinarySearch(_checkpoints, new CrcCheckpoint(offset, 0), CheckpointOffsets.Instance);
        crc = index >= 0 ? _checkpoints[index].Crc : 0;
        return index >= 0;
    }

    private sealed class CheckpointOffsets : IComparer<CrcCheckpoint>
    {
        public static readonly CheckpointOffsets Instance = new();

        public int Compare(CrcCheckpoint x, CrcCheckpoint y) => x.Offset.CompareTo(y.Offset);
    }
}
