using System.Globalization;
using Amazon.S3;
using S3TransferManager.Upload.Checksums;

namespace S3TransferManager.Download.Integrity;

/// <summary>
/// Checks one download's bytes against the checksum S3 stored with the object. Each part's body hashes its bytes as
/// they pass (<see cref="PartHasher"/>); at the end the part checksums are combined in part order (CRC combination: no
/// second read of the data) and compared with the stored full-object value, or, for a composite checksum whose stored
/// parts line up with this download's parts, checked part by part and as the checksum of checksums.
/// </summary>
/// <remarks>Thread-safe: parts finish on any thread; the stored checksum is set once, from the first response or from
/// the HEAD sent alongside the parts.</remarks>
internal sealed class DownloadChecksumValidator
{
    private readonly string _bucketName;
    private readonly string _key;
    private readonly PartLayout _layout;
    private readonly TaskCompletionSource<(StoredChecksum? Stored, string? Reason)> _stored =
        new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Each part's checksum in the stored algorithm, indexed by part - 1, once the part finished.</summary>
    private readonly string?[] _parts;

    /// <summary>A part that finished before the algorithm was known: its checksum in every candidate algorithm.</summary>
    private readonly string[]?[] _candidates;

    public DownloadChecksumValidator(string bucketName, string key, PartLayout layout)
    {
        _bucketName = bucketName;
        _key = key;
        _layout = layout;
        _parts = new string?[layout.PartCount];
        _candidates = new string[]?[layout.PartCount];
    }

    /// <summary>Whether the stored checksum is known yet (false until then), and its algorithm (null: nothing to check).</summary>
    public bool TryGetAlgorithm(out ChecksumAlgorithm? algorithm)
    {
        Task<(StoredChecksum? Stored, string? Reason)> stored = _stored.Task;
        algorithm = stored.IsCompletedSuccessfully ? stored.Result.Stored?.Algorithm : null;
        return stored.IsCompletedSuccessfully;
    }

    /// <summary>Sets the stored checksum (once; later calls are ignored), or, when <paramref name="stored"/> is null,
    /// why there is none to check.</summary>
    public void SetStored(StoredChecksum? stored, string? reason) => _stored.TrySetResult((stored, reason));

    public PartHasher CreateHasher(int partNumber) => new(this, partNumber);

    internal void Record(int partNumber, string checksum) => Volatile.Write(ref _parts[partNumber - 1], checksum);

    internal void RecordCandidates(int partNumber, string[] checksums) => Volatile.Write(ref _candidates[partNumber - 1], checksums);

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
            actual = PartChecksum(1, stored.Algorithm);
        }
        else if (FullObjectCrc.IsSupported(stored.Algorithm))
        {
            var combined = new FullObjectCrc(stored.Algorithm);
            for (int part = 1; part <= _layout.PartCount; part++)
            {
                combined.Add(part, PartChecksum(part, stored.Algorithm), _layout.LengthOf(part));
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

        if (!LinesUp(parts))
        {
            return ChecksumValidationResult.NotValidated(
                $"the object's composite {stored.Algorithm} checksum covers {parts.Count} stored part(s) of {parts[0].Size} bytes; "
                + $"this download's {_layout.PartCount} part(s) of {_layout.PartSize} bytes do not line up with them (set PartSize to the stored part size to check it).");
        }

        var ours = new string[parts.Count];
        for (int part = 1; part <= parts.Count; part++)
        {
            ours[part - 1] = PartChecksum(part, stored.Algorithm);
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

    private string PartChecksum(int partNumber, ChecksumAlgorithm algorithm)
    {
        if (Volatile.Read(ref _parts[partNumber - 1]) is { } known)
        {
            return known;
        }

        if (Volatile.Read(ref _candidates[partNumber - 1]) is { } candidates)
        {
            return candidates[Array.IndexOf(PartHasher.Candidates, algorithm)];
        }

        if (_layout.LengthOf(partNumber) == 0)
        {
            // An empty part (an empty object) is never read, so nothing hashed it: its checksum is that of no bytes.
            using var empty = ChecksumHasher.Create(algorithm);
            return empty.ToBase64();
        }

        throw new InvalidOperationException($"Part {partNumber} of s3://{_bucketName}/{_key} was checked before its last byte was read.");
    }
}
