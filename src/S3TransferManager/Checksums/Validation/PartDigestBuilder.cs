using Amazon.S3;

namespace S3TransferManager.Checksums.Validation;

/// <summary>Hashes one part in one algorithm and, for a CRC, keeps its running value at the offsets
/// <see cref="PartHasher"/> asks for. Not thread-safe.</summary>
internal sealed class PartDigestBuilder : IDisposable
{
    private readonly ChecksumHasher _hasher;
    private List<CrcCheckpoint>? _checkpoints;

    public PartDigestBuilder(ChecksumAlgorithm algorithm)
    {
        Algorithm = algorithm;
        _hasher = ChecksumHasher.Create(algorithm);
    }

    public ChecksumAlgorithm Algorithm { get; }

    public void Append(ReadOnlySpan<byte> data) => _hasher.Append(data);

    /// <summary>Records the running CRC at <paramref name="offset"/> (the bytes appended so far); a digest (SHA) has no
    /// running value that pieces could be combined from, so it records nothing.</summary>
    public void Checkpoint(long offset)
    {
        if (_hasher.TryGetCurrentCrc(out ulong crc))
        {
            (_checkpoints ??= []).Add(new CrcCheckpoint(offset, crc));
        }
    }

    public PartDigest Finish(long length) => new(Algorithm, _hasher.ToBase64(), length, _checkpoints?.ToArray() ?? []);

    public void Dispose() => _hasher.Dispose();
}
