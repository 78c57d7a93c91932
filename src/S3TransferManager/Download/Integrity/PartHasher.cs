using Amazon.S3;

namespace S3TransferManager.Download.Integrity;

/// <summary>
/// Hashes one part's bytes as they pass, in order, for <see cref="DownloadChecksumValidator"/>. The stored checksum's
/// algorithm is often learned after the first bytes arrive (the HEAD that reveals it runs alongside the parts, so that
/// it never delays the first byte); until then the bytes go through every candidate algorithm (the validator's
/// <see cref="DownloadChecksumValidator.SpeculativeCandidates"/>), and once it is known only through that one. In
/// practice only the head of part 1 is hashed speculatively. For a composite CRC checksum
/// it also keeps the running CRC where each stored part ends inside this part (<see cref="StoredPartCrcs"/>); where
/// the stored parts are not known yet, at every 1 MiB of the object, which is where uploaders' part sizes end. Not
/// thread-safe: one part's body is read by one reader at a time.
/// </summary>
internal sealed class PartHasher : IDisposable
{
    /// <summary>The algorithms a stored checksum can have that this library checks, in a fixed order.</summary>
    internal static readonly ChecksumAlgorithm[] AllCandidates =
        [ChecksumAlgorithm.CRC64NVME, ChecksumAlgorithm.CRC32, ChecksumAlgorithm.CRC32C, ChecksumAlgorithm.SHA1, ChecksumAlgorithm.SHA256];

    /// <summary>The CRCs only: what is worth trying when no SHA digest could be checked (see the validator).</summary>
    internal static readonly ChecksumAlgorithm[] CrcCandidates = [ChecksumAlgorithm.CRC64NVME, ChecksumAlgorithm.CRC32, ChecksumAlgorithm.CRC32C];

    private readonly DownloadChecksumValidator _validator;
    private readonly int _partNumber;
    private readonly long _partStart;
    private readonly long _partLength;
    private long _hashed;
    private PartDigestBuilder? _hasher;
    private PartDigestBuilder[]? _speculative;
    private bool _nothingToCheck;
    private bool _finished;

    public PartHasher(DownloadChecksumValidator validator, int partNumber, long partStart, long partLength)
    {
        _validator = validator;
        _partNumber = partNumber;
        _partStart = partStart;
        _partLength = partLength;
    }

    public void Append(ReadOnlySpan<byte> data)
    {
        if (_hasher is null && !_nothingToCheck)
        {
            Resolve();
        }

        if (_nothingToCheck)
        {
            return;
        }

        while (!data.IsEmpty)
        {
            long checkpoint = _validator.NextCheckpointAfter(_partStart + _hashed) - _partStart;
            int take = checkpoint - _hashed < data.Length ? (int)(checkpoint - _hashed) : data.Length;
            AppendToHashers(data[..take]);
            _hashed += take;
            data = data[take..];
            if (_hashed == checkpoint && _hashed < _partLength)
            {
                RecordCheckpoint();
            }
        }
    }

    /// <summary>Records the part's checksum with the validator; called once its last byte passed (more calls do nothing).</summary>
    public void Finish()
    {
        if (_finished)
        {
            return;
        }

        _finished = true;
        if (_hasher is null && !_nothingToCheck)
        {
            Resolve();
        }

        if (_hasher is not null)
        {
            _validator.Record(_partNumber, _hasher.Finish(_partLength));
        }
        else if (!_nothingToCheck)
        {
            // Still unknown: keep every candidate's value; the validator picks one once the stored checksum is known.
            _speculative ??= Array.ConvertAll(_validator.SpeculativeCandidates, algorithm => new PartDigestBuilder(algorithm));
            _validator.RecordCandidates(_partNumber, Array.ConvertAll(_speculative, candidate => candidate.Finish(_partLength)));
        }
    }

    public void Dispose()
    {
        _hasher?.Dispose();
        DisposeSpeculative(keep: null);
    }

    private void AppendToHashers(ReadOnlySpan<byte> data)
    {
        if (_hasher is not null)
        {
            _hasher.Append(data);
            return;
        }

        _speculative ??= Array.ConvertAll(_validator.SpeculativeCandidates, algorithm => new PartDigestBuilder(algorithm));
        foreach (PartDigestBuilder candidate in _speculative)
        {
            candidate.Append(data);
        }
    }

    private void RecordCheckpoint()
    {
        if (_hasher is not null)
        {
            _hasher.Checkpoint(_hashed);
            return;
        }

        foreach (PartDigestBuilder candidate in _speculative!)
        {
            candidate.Checkpoint(_hashed);
        }
    }

    private void Resolve()
    {
        if (!_validator.TryGetAlgorithm(out ChecksumAlgorithm? algorithm))
        {
            return;
        }

        if (algorithm is null)
        {
            _nothingToCheck = true;
            DisposeSpeculative(keep: null);
            return;
        }

        if (_speculative is null)
        {
            _hasher = new PartDigestBuilder(algorithm);
            return;
        }

        int index = Array.IndexOf(_validator.SpeculativeCandidates, algorithm);
        if (index < 0)
        {
            // The first bytes went by unhashed in this algorithm: this part's checksum cannot be known.
            _nothingToCheck = true;
            _validator.RecordUnhashable(_partNumber);
            DisposeSpeculative(keep: null);
            return;
        }

        _hasher = _speculative[index];
        DisposeSpeculative(keep: _hasher);
    }

    private void DisposeSpeculative(PartDigestBuilder? keep)
    {
        if (_speculative is null)
        {
            return;
        }

        foreach (PartDigestBuilder candidate in _speculative)
        {
            if (!ReferenceEquals(candidate, keep))
            {
                candidate.Dispose();
            }
        }

        _speculative = null;
    }
}
