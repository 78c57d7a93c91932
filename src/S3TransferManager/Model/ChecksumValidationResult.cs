using System.Globalization;
using Amazon.S3;

namespace S3TransferManager;

/// <summary>
/// What a download checked its bytes against: the checksum S3 stored with the object, or why it could not check them.
/// A mismatch is never reported here: it throws <see cref="ChecksumMismatchException"/> and nothing is written, and it
/// is thrown only when the stored value's meaning is certain (see <see cref="IsInferred"/>).
/// </summary>
public sealed class ChecksumValidationResult
{
    private ChecksumValidationResult(bool validated, ChecksumAlgorithm? algorithm, ChecksumType? checksumType, string? checksum,
        string? notValidatedReason, bool isInferred = false, long? inferredPartSize = null)
    {
        Validated = validated;
        Algorithm = algorithm;
        ChecksumType = checksumType;
        Checksum = checksum;
        NotValidatedReason = notValidatedReason;
        IsInferred = isInferred;
        InferredPartSize = inferredPartSize;
    }

    /// <summary>The bytes received were checked against the stored checksum and matched it.</summary>
    public bool Validated { get; }

    /// <summary>The stored checksum's algorithm, when one was checked.</summary>
    public ChecksumAlgorithm? Algorithm { get; }

    /// <summary><see cref="Amazon.S3.ChecksumType.FULL_OBJECT"/> (the checksum of the object's bytes) or
    /// <see cref="Amazon.S3.ChecksumType.COMPOSITE"/> (the checksum of its parts' checksums, each part checked too).</summary>
    public ChecksumType? ChecksumType { get; }

    /// <summary>The stored checksum that matched, base64 as S3 sends it (a composite one ends with <c>-N</c>).</summary>
    public string? Checksum { get; }

    /// <summary>
    /// Whether the server left the stored value's meaning open and the download inferred it: a bare value (no <c>-N</c>,
    /// no <c>x-amz-checksum-type</c>) for an object uploaded in parts, or a composite whose parts S3 did not list
    /// (some S3-compatible servers do both). Every reading that fits was tried (the whole object's checksum; a composite over the ETag's
    /// part count, at each whole-MiB part size consistent with the object's size) and <see cref="ChecksumType"/> and
    /// <see cref="InferredPartSize"/> name the one that matched. <see langword="false"/> when the meaning was certain:
    /// a one-part object, a value ending in <c>-N</c>, an <c>x-amz-checksum-type</c>, or parts listed by
    /// GetObjectAttributes. Only a certain meaning can prove bytes corrupt: when no reading of an inferred one
    /// matches, the download succeeds unvalidated and <see cref="NotValidatedReason"/> says so.
    /// </summary>
    /// <value><see langword="false"/> unless <see cref="Validated"/> is true by an inferred reading.</value>
    public bool IsInferred { get; }

    /// <summary>For a composite checksum validated by an inferred reading, the size of the uploader's parts (all but
    /// the last) it was read over; otherwise <see langword="null"/>.</summary>
    public long? InferredPartSize { get; }

    /// <summary>Why nothing was checked (validation turned off, no checksum stored, an algorithm this library does
    /// not check, composite parts that do not line up with this download's parts, a stored value whose type the server
    /// did not state and no reading of which matched), or <see langword="null"/>.</summary>
    public string? NotValidatedReason { get; }

    /// <summary>The stored checksum exists, but what it means could not be settled (no reading matched, or the server
    /// stored another algorithm than it names): a warning rather than a plain note.</summary>
    internal bool Inconclusive { get; private init; }

    internal static ChecksumValidationResult Matched(ChecksumAlgorithm algorithm, bool composite, string checksum) =>
        new(true, algorithm, composite ? Amazon.S3.ChecksumType.COMPOSITE : Amazon.S3.ChecksumType.FULL_OBJECT, checksum, null);

    internal static ChecksumValidationResult Inferred(ChecksumAlgorithm algorithm, bool composite, string checksum, long? partSize) =>
        new(true, algorithm, composite ? Amazon.S3.ChecksumType.COMPOSITE : Amazon.S3.ChecksumType.FULL_OBJECT, checksum, null,
            isInferred: true, inferredPartSize: composite ? partSize : null);

    internal static ChecksumValidationResult NotValidated(string reason) => new(false, null, null, null, reason);

    internal static ChecksumValidationResult Undecided(string reason) => new(false, null, null, null, reason) { Inconclusive = true };

    /// <inheritdoc/>
    public override string ToString() =>
        !Validated ? $"not validated: {NotValidatedReason}"
        : !IsInferred ? $"{Algorithm} {ChecksumType} {Checksum} validated"
        : InferredPartSize is { } size ? $"{Algorithm} {ChecksumType} {Checksum} validated (inferred: parts of {size.ToString(CultureInfo.InvariantCulture)} bytes)"
        : $"{Algorithm} {ChecksumType} {Checksum} validated (inferred)";
}
