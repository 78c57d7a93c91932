using Amazon.S3;

namespace S3TransferManager;

/// <summary>
/// What a download checked its bytes against: the checksum S3 stored with the object, or why it could not check them.
/// A mismatch is never reported here: it throws <see cref="ChecksumMismatchException"/> and nothing is written.
/// </summary>
public sealed class ChecksumValidationResult
{
    private ChecksumValidationResult(bool validated, ChecksumAlgorithm? algorithm, ChecksumType? checksumType, string? checksum,
        string? notValidatedReason)
    {
        Validated = validated;
        Algorithm = algorithm;
        ChecksumType = checksumType;
        Checksum = checksum;
        NotValidatedReason = notValidatedReason;
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

    /// <summary>Why nothing was checked (validation turned off, no checksum stored, an algorithm this library does
    /// not check, composite parts that do not line up with this download's parts), or <see langword="null"/>.</summary>
    public string? NotValidatedReason { get; }

    internal static ChecksumValidationResult Matched(ChecksumAlgorithm algorithm, bool composite, string checksum) =>
        new(true, algorithm, composite ? Amazon.S3.ChecksumType.COMPOSITE : Amazon.S3.ChecksumType.FULL_OBJECT, checksum, null);

    internal static ChecksumValidationResult NotValidated(string reason) => new(false, null, null, null, reason);

    /// <inheritdoc/>
    public override string ToString() =>
        Validated ? $"{Algorithm} {ChecksumType} {Checksum} validated" : $"not validated: {NotValidatedReason}";
}
