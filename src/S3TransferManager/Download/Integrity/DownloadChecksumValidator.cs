using System.Globalization;
using Amazon.S3;
using S3TransferManager.Upload.Checksums;

namespace S3TransferManager.Download.Integrity;

/// <summary>
/// Checks one download's bytes against the checksum S3 stored with the object. Each part's body hashes its bytes as
/// they pass (<see cref="PartHasher"/>); at the end the part checksums are combined in part order (CRC combination: no
/// second read of the data) and compared with the stored full-object value; a composite checksum is checked stored
/// part by stored part and as the checksum of checksums (for a CRC whatever the two part layouts; for a SHA when they
/// line up).
/// </summary>
/// <remarks>Thread-safe: parts finish on any thread; the stored checksum is set once, from the first response or from
/// the HEAD sent alongside the parts.</remarks>
internal sealed class DownloadChecksumValidator
{
    /// <summary>Where a running CRC is kept while the stored parts are not known: every 1 MiB of the object, where the
    /// parts of nearly every uploader end (5, 8, 16 MiB...).</summary>
    internal const long CheckpointGrid = 1024 * 1024;

    private readonly string _bucketName;
    private readonly string _key;
    private readonly PartLayout _layout;
    private readonly bool _mayBeComposite;
    private readonly Lock _gate = new();
    private readonly TaskCompletionSource<(StoredChecksum? Stored, string? Reason)> _stored =
        new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Each part's digest in the stored algorithm, indexed by part - 1, once the part finished.</summary>
    private readonly PartDigest?[] _parts;

    /// <summary>A part that finished before the algorithm was known: its digest in every candidate algorithm.</summary>
    private readonly PartDigest[]?[] _candidates;

    /// <summary>Parts whose checksum in the stored algorithm cannot be known (see <see cref="RecordUnhashable"/>).</summary>
    private readonly bool[] _unhashable;

    /// <summary>Where the stored parts of a composite CRC checksum end (object offsets, ascending), once known.</summary>
    private long[]? _storedPartEnds;

    /// <param name="bucketName">The object's bucket, for the error.</param>
    /// <param name="key">The object's key, for the error.</param>
    /// <param name="layout">The download's parts.</param>
    /// <param name="uploadedPartCount">How many parts the object was uploaded in, when its ETag says so ("md5-N"):
    /// only such an object can have a composite checksum, so then, until the stored checksum is known, running CRCs
    /// are kept on a grid.</param>
    public DownloadChecksumValidator(string bucketName, string key, PartLayout layout, int? uploadedPartCount = null)
    {
        _bucketName = bucketName;
        _key = key;
        _layout = layout;
        _mayBeComposite = uploadedPartCount is not null;
        _parts = new PartDigest?[layout.PartCount];
        _candidates = new PartDigest[]?[layout.PartCount];
        _unhashable = new bool[layout.PartCount];

        // A SHA can only be checked when one digest covers what S3 hashed: the whole object in one part, or a composite
        // whose stored parts are this download's parts (then their counts agree). Otherwise hashing the bytes that pass
        // before the algorithm is known through SHA1 and SHA256 would be work for nothing.
        SpeculativeCandidates = layout.PartCount == 1 || uploadedPartCount == layout.PartCount ? PartHasher.AllCandidates : PartHasher.CrcCandidates;
    }

    /// <summary>The algorithms a part's bytes go through while the stored one is not known yet.</summary>
    internal ChecksumAlgorithm[] SpeculativeCandidates { get; }

    /// <summary>Whether the stored checksum is known yet (false until then), and its algorithm (null: nothing to check).</summary>
    public bool TryGetAlgorithm(out ChecksumAlgorithm? algorithm)
    {
        Task<(StoredChecksum? Stored, string? Reason)> stored = _stored.Task;
        algorithm = stored.IsCompletedSuccessfully ? stored.Result.Stored?.Algorithm : null;
        return stored.IsCompletedSuccessfully;
    }

    /// <summary>Sets the stored checksum (once; later calls are ignored), or, when <paramref name="stored"/> is null,
    /// why there is none to check.</summary>
    public void SetStored(StoredChecksum? stored, string? reason)
    {
        lock (_gate)
        {
            if (_stored.Task.IsCompleted)
            {
                return;
            }

            if (stored is { IsComposite: true, Parts: { } parts } && FullObjectCrc.IsSupported(stored.Algorithm))
            {
                var ends = new long[parts.Count];
                long end = 0;
                for (int index = 0; index < parts.Count; index++)
                {
                    ends[index] = end += parts[index].Size;
                }

                Volatile.Write(ref _storedPartEnds, ends);
            }

            _stored.TrySetResult((stored, reason));
        }
    }

    /// <summary>The stored checksum's type as the server reported it, once known; null before, or when it sent none.</summary>
    public ChecksumType? StoredType => _stored.Task.IsCompletedSuccessfully ? _stored.Task.Result.Stored?.ReportedType : null;

    /// <summary>Whether it is already known that the object has no stored checksum to check: then a part's bytes need
    /// no hasher (nothing it recorded would be read), and the result is the reason alone.</summary>
    public bool NothingToCheck => TryGetAlgorithm(out ChecksumAlgorithm? algorithm) && algorithm is null;

    public PartHasher CreateHasher(int partNumber) => new(this, partNumber, _layout.StartOf(partNumber), _layout.LengthOf(partNumber));

    /// <summary>The next object offset after <paramref name="position"/> where a part's running CRC must be kept:
    /// the end of a stored part once the stored parts are known, a grid point while they may still turn out to matter,
    /// <see cref="long.MaxValue"/> when no running CRC is needed.</summary>
    internal long NextCheckpointAfter(long position)
    {
        if (!_stored.Task.IsCompleted)
        {
            return _mayBeComposite ? ((position / CheckpointGrid) + 1) * CheckpointGrid : long.MaxValue;
        }

        long[]? ends = Volatile.Read(ref _storedPartEnds);
        if (ends is null)
        {
            return long.MaxValue;
        }

        int index = Array.BinarySearch(ends, position + 1);
        index = index >= 0 ? index : ~index;
        return index < ends.Length ? ends[index] : long.MaxValue;
    }

    internal void Record(int partNumber, PartDigest digest) => Volatile.Write(ref _parts[partNumber - 1], digest);

    internal void RecordCandidates(int partNumber, PartDigest[] digests) => Volatile.Write(ref _candidates[partNumber - 1], digests);

    /// <summary>The part's first bytes passed before the stored algorithm was known, and it was not among those tried.</summary>
    internal void RecordUnhashable(int partNumber) => Volatile.Write(ref _unhashable[partNumber - 1], true);

    /// <summary>Waits for the stored checksum if it is not known yet, then checks every part's bytes against it. Call
    /// once every part's last byte was read.</summary>
    /// <exception cref="ChecksumMismatchException">The bytes do not match.</exception>
    public async ValueTask<ChecksumValidationResult> VerifyAsync(CancellationToken cancellationToken)
    {
        (StoredChecksum? stored, string? reason) = await _stored.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        if (stored is null)
        {
            return ChecksumValidationResult.NotValidated(reason ?? "S3 stored no checksum with the object.");
        }

        if (!stored.IsComposite && !HasAlgorithmsWidth(stored))
        {
            // Not a value this algorithm can produce (moto stores a 4-byte CRC32 under CRC64NVME): nothing to compare.
            return ChecksumValidationResult.NotValidated(
                $"the stored {stored.Algorithm} checksum '{stored.Value}' is not a valid {stored.Algorithm} value.");
        }

        for (int part = 1; part <= _layout.PartCount; part++)
        {
            if (Digest(part, stored.Algorithm) is null)
            {
                return ChecksumValidationResult.NotValidated(
                    $"part {part}'s first bytes passed before S3 named the {stored.Algorithm} checksum, and no single {stored.Algorithm} digest could cover what S3 hashed.");
            }
        }

        return stored.IsComposite ? VerifyComposite(stored) : VerifyFullObject(stored);
    }

    private static bool HasAlgorithmsWidth(StoredChecksum stored)
    {
        Span<byte> raw = stackalloc byte[64];
        if (!Convert.TryFromBase64String(stored.Value, raw, out int length))
        {
            return false;
        }

        int expected = stored.Algorithm == ChecksumAlgorithm.CRC64NVME ? 8
            : stored.Algorithm == ChecksumAlgorithm.SHA1 ? 20
            : stored.Algorithm == ChecksumAlgorithm.SHA256 ? 32
            : 4;
        return length == expected;
    }

    private ChecksumValidationResult VerifyFullObject(StoredChecksum stored)
    {
        string actual;
        if (_layout.PartCount == 1)
        {
            actual = Digest(1, stored.Algorithm)!.Checksum;
        }
        else if (FullObjectCrc.IsSupported(stored.Algorithm))
        {
            var combined = new FullObjectCrc(stored.Algorithm);
            for (int part = 1; part <= _layout.PartCount; part++)
            {
                combined.Add(part, Digest(part, stored.Algorithm)!.Checksum, _layout.LengthOf(part));
            }

            actual = combined.Combine();
        }
        else
        {
            // S3 only stores full-object CRCs for multipart objects; a full-object SHA of many parts cannot be combined.
            return ChecksumValidationResult.NotValidated(
                $"a full-object {stored.Algorithm} checksum cannot be combined from the {_layout.PartCount} parts of this download.");
        }

        if (!string.Equals(actual, stored.Value, StringComparison.Ordinal))
        {
            throw new ChecksumMismatchException(_bucketName, _key, stored.Algorithm.Value, stored.Value, actual);
        }

        return ChecksumValidationResult.Matched(stored.Algorithm, composite: false, stored.Value);
    }

    private ChecksumValidationResult VerifyComposite(StoredChecksum stored)
    {
        IReadOnlyList<StoredPart>? parts = stored.Parts;
        if (parts is null)
        {
            return ChecksumValidationResult.NotValidated(
                $"the object has a composite {stored.Algorithm} checksum, and S3 did not list its parts' checksums.");
        }

        string[]? ours = StoredPartChecksums(stored, parts, out string? notChecked);
        if (ours is null)
        {
            return ChecksumValidationResult.NotValidated(notChecked!);
        }

        for (int part = 1; part <= parts.Count; part++)
        {
            if (!string.Equals(ours[part - 1], parts[part - 1].Checksum, StringComparison.Ordinal))
            {
                throw new ChecksumMismatchException(_bucketName, _key, stored.Algorithm.Value, parts[part - 1].Checksum, ours[part - 1], part);
            }
        }

        string expected = $"{stored.Value}-{parts.Count.ToString(CultureInfo.InvariantCulture)}";
        string? actual = ChecksumHasher.Composite(stored.Algorithm, ours);
        if (!string.Equals(actual, expected, StringComparison.Ordinal))
        {
            throw new ChecksumMismatchException(_bucketName, _key, stored.Algorithm.Value, expected, actual ?? "(none)");
        }

        return ChecksumValidationResult.Matched(stored.Algorithm, composite: true, expected);
    }

    /// <summary>This download's checksum of each stored part: its own parts' checksums when the two line up (any
    /// algorithm); otherwise, for a CRC, built from pieces of its parts (<see cref="StoredPartCrcs"/>). A digest (SHA)
    /// cannot be built from pieces, so then it is <see langword="null"/>, with the reason.</summary>
    private string[]? StoredPartChecksums(StoredChecksum stored, IReadOnlyList<StoredPart> parts, out string? notChecked)
    {
        notChecked = null;
        if (LinesUp(parts))
        {
            var aligned = new string[parts.Count];
            for (int part = 1; part <= parts.Count; part++)
            {
                aligned[part - 1] = Digest(part, stored.Algorithm)!.Checksum;
            }

            return aligned;
        }

        long listed = 0;
        foreach (StoredPart part in parts)
        {
            listed += part.Size;
        }

        if (listed != _layout.TotalLength)
        {
            notChecked = $"S3 listed {parts.Count} stored part(s) of {listed} bytes in all for an object of {_layout.TotalLength} bytes.";
            return null;
        }

        if (!FullObjectCrc.IsSupported(stored.Algorithm))
        {
            notChecked = $"the object's composite {stored.Algorithm} checksum covers {parts.Count} stored part(s) of {parts[0].Size} bytes; "
                + $"this download's {_layout.PartCount} part(s) of {_layout.PartSize} bytes do not line up with them, and a {stored.Algorithm} digest "
                + "cannot be built from pieces (set PartSize to the stored part size to check it).";
            return null;
        }

        string[]? pieced = StoredPartCrcs.TryCompute(stored.Algorithm, _layout, parts, part => Digest(part, stored.Algorithm)!, out long unknownOffset);
        if (pieced is null)
        {
            notChecked = $"a stored part of the object's composite {stored.Algorithm} checksum ends at byte {unknownOffset}, which the download "
                + "had hashed past before S3 listed the stored parts (off the 1 MiB grid where running CRCs are kept meanwhile).";
        }

        return pieced;
    }

    private bool LinesUp(IReadOnlyList<StoredPart> parts)
    {
        if (parts.Count != _layout.PartCount)
        {
            return false;
        }

        for (int part = 1; part <= parts.Count; part++)
        {
            if (parts[part - 1].Size != _layout.LengthOf(part))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>A part's digest in <paramref name="algorithm"/>; null when its first bytes were not hashed in it.</summary>
    private PartDigest? Digest(int partNumber, ChecksumAlgorithm algorithm)
    {
        if (Volatile.Read(ref _unhashable[partNumber - 1]))
        {
            return null;
        }

        if (Volatile.Read(ref _parts[partNumber - 1]) is { } known)
        {
            return known;
        }

        if (Volatile.Read(ref _candidates[partNumber - 1]) is { } candidates)
        {
            int index = Array.IndexOf(SpeculativeCandidates, algorithm);
            return index >= 0 ? candidates[index] : null;
        }

        if (_layout.LengthOf(partNumber) == 0)
        {
            // An empty part (an empty object) is never read, so nothing hashed it: its checksum is that of no bytes.
            using var empty = ChecksumHasher.Create(algorithm);
            return new PartDigest(empty.ToBase64(), 0, []);
        }

        throw new InvalidOperationException($"Part {partNumber} of s3://{_bucketName}/{_key} was checked before its last byte was read.");
    }
}
