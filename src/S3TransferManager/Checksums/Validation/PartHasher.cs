using Amazon.S3;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// Hashes one part's bytes as they pass, in order, for <see cref="DownloadChecksumValidator"/>. The stored checksum's
/// algorithm is often learned after the first bytes arrive (the HEAD that reveals it runs alongside the parts, so that
/// it never delays the first byte); until then the bytes go through every candidate algorithm (the validator's
/// <see cref="DownloadChecksumValidator.SpeculativeCandidates"/>), and once it is known only through the algorithms the
/// validator names (the stored one, and sometimes a second: see <see cref="DownloadChecksumValidator.TryGetAlgorithms"/>).
/// In practice only the head of part 1 is hashed speculatively. For a CRC it also keeps the running value where each
/// stored part of a composite checksum ends inside this part (<see cref="StoredPartCrcs"/>); where the stored parts are
/// not known, at every 1 MiB of the object, which is where uploaders' part sizes end. A resumable download records one
/// of the part's digests in its journal (<see cref="WholePartDigest"/>), so the bytes are hashed once for both. Not
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

    /// <summary>What the part is hashed in when the validator names no algorithm (nothing stored to check), so that it
    /// still ends with a digest of its bytes; null: it then ends with none.</summary>
    private readonly ChecksumAlgorithm? _whenNothingToCheck;

    /// <summary>The part's digests, once <see cref="Finish"/> ran.</summary>
    private PartDigest[]? _digests;

    /// <summary>Bytes of the part hashed so far.</summary>
    private long _hashed;

    /// <summary>Where the bytes go: one builder per speculative candidate until the validator names its algorithms,
    /// then one per named algorithm (none: nothing to check); null before the first byte.</summary>
    private PartDigestBuilder[]? _builders;

    /// <summary>Whether <see cref="_builders"/> are the validator's named algorithms rather than the candidates.</summary>
    private bool _resolved;

    private bool _finished;

    public PartHasher(DownloadChecksumValidator validator, int partNumber, long partStart, long partLength, ChecksumAlgorithm? whenNothingToCheck = null)
    {
        _validator = validator;
        _partNumber = partNumber;
        _partStart = partStart;
        _partLength = partLength;
        _whenNothingToCheck = whenNothingToCheck;
    }

    /// <summary>After <see cref="Finish"/>: a digest of every byte of the part (the validator's algorithm, or a
    /// candidate's while it was still unknown, or the algorithm given for when nothing is checked); null before, or
    /// when the part went through no algorithm.</summary>
    public PartDigest? WholePartDigest => _digests is { Length: > 0 } digests ? digests[0] : null;

    public void Append(ReadOnlySpan<byte> data)
    {
        if (!_resolved)
        {
            Resolve();
        }

        PartDigestBuilder[] builders = _builders!;
        if (builders.Length == 0)
        {
            return;
        }

        while (!data.IsEmpty)
        {
            long checkpoint = _validator.NextCheckpointAfter(_partStart + _hashed) - _partStart;
            int take = checkpoint - _hashed < data.Length ? (int)(checkpoint - _hashed) : data.Length;
            foreach (PartDigestBuilder builder in builders)
            {
                builder.Append(data[..take]);
            }

            _hashed += take;
            data = data[take..];
            if (_hashed == checkpoint && _hashed < _partLength)
            {
                foreach (PartDigestBuilder builder in builders)
                {
                    builder.Checkpoint(_hashed);
                }
            }
        }
    }

    /// <summary>Records the part's digests with the validator; called once its last byte passed (more calls do
    /// nothing). Still speculative: every candidate's digest is kept, and the validator picks once it knows.</summary>
    public void Finish()
    {
        if (_finished)
        {
            return;
        }

        _finished = true;
        if (!_resolved)
        {
            Resolve();
        }

        _digests = Array.ConvertAll(_builders!, builder => builder.Finish(_partLength));
        _validator.Record(_partNumber, _digests);
    }

    public void Dispose()
    {
        if (_builders is not null)
        {
            foreach (PartDigestBuilder builder in _builders)
            {
                builder.Dispose();
            }
        }
    }

    /// <summary>Switches to the validator's algorithms once it names them. Bytes already hashed went through the
    /// candidates: the builders of named algorithms are kept, the others dropped; a named algorithm that was not among
    /// the candidates is missing from this part's digests, and the validator reports why.</summary>
    private void Resolve()
    {
        if (!_validator.TryGetAlgorithms(out ChecksumAlgorithm[]? algorithms))
        {
            _builders ??= Array.ConvertAll(_validator.SpeculativeCandidates, algorithm => new PartDigestBuilder(algorithm));
            return;
        }

        _resolved = true;
        if (_builders is null)
        {
            ChecksumAlgorithm[] hashIn = algorithms.Length == 0 && _whenNothingToCheck is { } own ? [own] : algorithms;
            _builders = Array.ConvertAll(hashIn, algorithm => new PartDigestBuilder(algorithm));
            return;
        }

        var kept = new List<PartDigestBuilder>(algorithms.Length);
        kept.AddRange(_builders.Where(builder => Array.IndexOf(algorithms, builder.Algorithm) >= 0));
        if (kept.Count == 0 && _whenNothingToCheck is not null && _builders.Length > 0)
        {
            kept.Add(_builders[0]);
        }

        foreach (PartDigestBuilder builder in _builders)
        {
            if (!kept.Contains(builder))
            {
                builder.Dispose();
            }
        }

        _builders = [.. kept];
    }
}
