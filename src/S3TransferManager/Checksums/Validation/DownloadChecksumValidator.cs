using System.Globalization;
using Amazon.S3;
using S3TransferManager.Parts;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// Checks one download's bytes against the checksum S3 stored with the object. Each part's body hashes its bytes as
/// they pass (<see cref="PartHasher"/>); at the end the part checksums are combined in part order (CRC combination: no
/// second read of the data) and compared with the stored full-object value; a composite checksum is checked stored
/// part by stored part and as the checksum of checksums (for a CRC whatever the two part layouts; for a SHA when they
/// line up).
/// A mismatch is an error only when the stored value's meaning is certain: a one-part object (no <c>-N</c> in its
/// ETag), a value ending in <c>-N</c>, an <c>x-amz-checksum-type</c>, or parts listed by GetObjectAttributes. A bare
/// value for an object uploaded in parts (moto sends composite checksums so) is tried in every reading that fits
/// (<see cref="ChecksumReadings"/>): one that matches validates the bytes; none matching leaves them unvalidated,
/// with the reason, because a correct object read the wrong way would fail too.
/// </summary>
/// <remarks>Thread-safe: parts finish on any thread; the algorithms to hash are named once (from the first response or
/// the HEAD), and the stored checksum is set once (then, or after GetObjectAttributes).</remarks>
internal sealed class DownloadChecksumValidator
{
    /// <summary>Where a running CRC is kept while the stored parts are not known: every 1 MiB of the object, where the
    /// parts of nearly every uploader end (5, 8, 16 MiB...).</summary>
    internal const long CheckpointGrid = 1024 * 1024;

    private readonly string _bucketName;
    private readonly string _key;
    private readonly PartLayout _layout;

    /// <summary>The part count of the object's ETag ("md5-N"); null for a one-part object, whose value is certain.</summary>
    private readonly int? _uploadedPartCount;

    private readonly Lock _gate = new();
    private readonly TaskCompletionSource<(StoredChecksum? Stored, string? Reason)> _stored =
        new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>What each part hashed, as it finished.</summary>
    private readonly ReceivedDigests _digests;

    /// <summary>The algorithms parts hash in, once named (empty: nothing to check); null while speculative.</summary>
    private ChecksumAlgorithm[]? _algorithms;

    /// <summary>Where the stored parts of a composite CRC checksum end (object offsets, ascending), once listed.</summary>
    private long[]? _storedPartEnds;

    /// <summary>Whether running CRCs are kept on the grid: while a composite may need them and its parts are unknown.</summary>
    private volatile bool _keepGrid;

    /// <param name="bucketName">The object's bucket, for the error.</param>
    /// <param name="key">The object's key, for the error.</param>
    /// <param name="layout">The download's parts.</param>
    /// <param name="uploadedPartCount">How many parts the object was uploaded in, when its ETag says so ("md5-N"):
    /// only such an object can have a composite checksum, so then, until the stored checksum is known, running CRCs
    /// are kept on a grid; and only for such an object can a bare stored value be anything but a full-object one.</param>
    public DownloadChecksumValidator(string bucketName, string key, PartLayout layout, int? uploadedPartCount = null)
    {
        _bucketName = bucketName;
        _key = key;
        _layout = layout;
        _uploadedPartCount = uploadedPartCount;
        _keepGrid = uploadedPartCount is not null;
        _digests = new ReceivedDigests(bucketName, key, layout);

        // A SHA can only be checked when one digest covers what S3 hashed: the whole object in one part, or a composite
        // whose stored parts are this download's parts (then their counts agree). Otherwise hashing the bytes that pass
        // before the algorithm is known through SHA1 and SHA256 would be work for nothing.
        SpeculativeCandidates = layout.PartCount == 1 || uploadedPartCount == layout.PartCount ? PartHasher.AllCandidates : PartHasher.CrcCandidates;
    }

    /// <summary>The algorithms a part's bytes go through while the stored one is not known yet.</summary>
    internal ChecksumAlgorithm[] SpeculativeCandidates { get; }

    /// <summary>Whether it is already known that the object has no stored checksum to check: then a part's bytes need
    /// no hasher (nothing it recorded would be read), and the result is the reason alone.</summary>
    public bool NothingToCheck => TryGetAlgorithms(out ChecksumAlgorithm[]? algorithms) && algorithms.Length == 0;

    /// <summary>Whether the algorithms to hash in are named yet; then, which (none: nothing to check).</summary>
    public bool TryGetAlgorithms([System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ChecksumAlgorithm[]? algorithms)
    {
        algorithms = Volatile.Read(ref _algorithms);
        return algorithms is not null;
    }

    /// <summary>Names the algorithms to hash in from the stored checksum's algorithm, as soon as it is known (the HEAD
    /// answered), so that parts stop hashing speculatively while the stored parts are still being listed. Once only.</summary>
    public void NameAlgorithms(StoredChecksum? stored)
    {
        ChecksumAlgorithm[] algorithms = stored is null ? [] : Witness(stored) is { } witness ? [stored.Algorithm, witness] : [stored.Algorithm];
        Interlocked.CompareExchange(ref _algorithms, algorithms, null);
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

            if (stored is null)
            {
                // Nothing will be checked, even if the HEAD named an algorithm before a later step failed: parts that
                // start from now on hash nothing.
                Volatile.Write(ref _algorithms, []);
            }

            NameAlgorithms(stored);
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

            // The grid stays while a composite over unknown parts may still be read from it.
            _keepGrid = _keepGrid && stored is not null && stored.Parts is null && FullObjectCrc.IsSupported(stored.Algorithm)
                && (stored.IsComposite || !IsCertain(stored));
            _stored.TrySetResult((stored, reason));
        }
    }

    /// <summary>The stored checksum's type as the server reported it, once known; null before, or when it sent none.</summary>
    public ChecksumType? StoredType => _stored.Task.IsCompletedSuccessfully ? _stored.Task.Result.Stored?.ReportedType : null;

    public PartHasher CreateHasher(int partNumber, ChecksumAlgorithm? whenNothingToCheck = null) =>
        new(this, partNumber, _layout.StartOf(partNumber), _layout.LengthOf(partNumber), whenNothingToCheck);

    /// <summary>The next object offset after <paramref name="position"/> where a part's running CRC must be kept:
    /// the end of a stored part once the stored parts are known, a grid point while they may still turn out to matter,
    /// <see cref="long.MaxValue"/> when no running CRC is needed.</summary>
    internal long NextCheckpointAfter(long position)
    {
        long[]? ends = Volatile.Read(ref _storedPartEnds);
        if (ends is not null)
        {
            int index = Array.BinarySearch(ends, position + 1);
            index = index >= 0 ? index : ~index;
            return index < ends.Length ? ends[index] : long.MaxValue;
        }

        return _keepGrid ? ((position / CheckpointGrid) + 1) * CheckpointGrid : long.MaxValue;
    }

    internal void Record(int partNumber, PartDigest[] digests) => _digests.Record(partNumber, digests);

    /// <summary>Waits for the stored checksum if it is not known yet, then checks every part's bytes against it. Call
    /// once every part's last byte was read.</summary>
    /// <exception cref="ChecksumMismatchException">The bytes do not match a stored value whose meaning is certain.</exception>
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

        if (!_digests.HasAll(stored.Algorithm, out int missing))
        {
            return ChecksumValidationResult.NotValidated(WhyNotHashed(stored.Algorithm, missing));
        }

        var check = new StoredChecksumCheck(_bucketName, _key, _digests, stored, Witness(stored));
        return !IsCertain(stored) ? check.Infer(_uploadedPartCount!.Value)
            : stored.IsComposite ? check.VerifyComposite(_uploadedPartCount)
            : check.VerifyFullObject();
    }

    /// <summary>Whether the stored value's meaning is certain: a one-part object's value is its bytes' checksum; a
    /// <c>-N</c>, a stated type or listed parts say what a multipart object's value is.</summary>
    private bool IsCertain(StoredChecksum stored) => _uploadedPartCount is null || stored.IsTypeStated || stored.Parts is not null;

    /// <summary>
    /// A second algorithm to hash in beside the stored one, to tell a server that stored another algorithm than it
    /// names from corrupt bytes: a server without CRC32C (moto without its crc32c extra) computes a multipart object's
    /// value as a CRC32 and stores it under the CRC32C name. Only for a CRC32C value the server computed itself (an
    /// object uploaded in parts) that is not a listed composite (a listed part's own value is the uploader's).
    /// </summary>
    private ChecksumAlgorithm? Witness(StoredChecksum stored) =>
        stored.Algorithm == ChecksumAlgorithm.CRC32C && _uploadedPartCount is not null && !stored.IsComposite ? ChecksumAlgorithm.CRC32 : null;

    /// <summary>Why a part has no digest in the stored algorithm: its first bytes passed before the algorithm was
    /// named, and a SHA was not among the candidates because no SHA digest of this download's parts could be checked.</summary>
    private string WhyNotHashed(ChecksumAlgorithm algorithm, int part)
    {
        string parts = _layout.PartCount.ToString(CultureInfo.InvariantCulture);
        if (FullObjectCrc.IsSupported(algorithm) || SpeculativeCandidates != PartHasher.CrcCandidates)
        {
            return $"part {part}'s first bytes passed before S3 named the {algorithm} checksum, and no single {algorithm} digest could cover what S3 hashed.";
        }

        return _uploadedPartCount is not { } uploaded
            ? $"a full-object {algorithm} checksum cannot be combined from this download's {parts} parts (set PartSize to at least the object's size to check it)."
            : $"a {algorithm} checksum of an object uploaded in {uploaded.ToString(CultureInfo.InvariantCulture)} parts can only be checked over the "
                + $"uploader's own parts, and this download's {parts} parts are not those (set PartSize to the uploader's part size to check it).";
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
}
