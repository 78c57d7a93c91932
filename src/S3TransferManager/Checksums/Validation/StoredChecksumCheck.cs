using System.Globalization;
using Amazon.S3;
using S3TransferManager.Parts;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// The comparisons behind <see cref="DownloadChecksumValidator.VerifyAsync"/>, once every part's digests are in: a
/// value whose meaning is certain is compared and a difference throws; a value whose meaning was left open is read
/// every way that fits (<see cref="ChecksumReadings"/>), and a reading that does not match proves nothing.
/// </summary>
/// <param name="bucketName">The object's bucket, for the error.</param>
/// <param name="key">The object's key, for the error.</param>
/// <param name="digests">The download's part digests; every part went through the stored algorithm.</param>
/// <param name="stored">The stored checksum.</param>
/// <param name="witness">A second algorithm the parts were hashed in, to recognise a server that stored it under the
/// stored algorithm's name; null when none was.</param>
internal sealed class StoredChecksumCheck(string bucketName, string key, ReceivedDigests digests, StoredChecksum stored, ChecksumAlgorithm? witness)
{
    private ChecksumAlgorithm Algorithm => stored.Algorithm;

    /// <summary>A full-object value whose meaning is certain.</summary>
    /// <exception cref="ChecksumMismatchException">The bytes do not match.</exception>
    public ChecksumValidationResult VerifyFullObject()
    {
        string? actual = digests.FullObject(Algorithm);
        if (actual is null)
        {
            // S3 only stores full-object CRCs for multipart objects; a full-object SHA of many parts cannot be combined.
            return ChecksumValidationResult.NotValidated(
                $"a full-object {Algorithm} checksum cannot be combined from the {digests.Layout.PartCount} parts of this download.");
        }

        if (string.Equals(actual, stored.Value, StringComparison.Ordinal))
        {
            return ChecksumValidationResult.Matched(Algorithm, composite: false, stored.Value);
        }

        return WrongAlgorithm(fullObject: true, compositeParts: 0)
            ?? throw new ChecksumMismatchException(bucketName, key, Algorithm.Value, stored.Value, actual);
    }

    /// <summary>A composite value (<c>-N</c>, or a stated COMPOSITE type): checked part by part when S3 listed the
    /// parts; otherwise over each layout the uploader may have used, since which one it was is not known.</summary>
    /// <exception cref="ChecksumMismatchException">The bytes do not match the listed parts.</exception>
    public ChecksumValidationResult VerifyComposite(int? uploadedPartCount)
    {
        if (stored.Parts is { } parts)
        {
            return VerifyListedComposite(parts);
        }

        int count = stored.PartCount > 0 ? stored.PartCount : uploadedPartCount ?? 0;
        if (count == 0)
        {
            return ChecksumValidationResult.NotValidated(
                $"the object has a composite {Algorithm} checksum, and neither S3 nor its ETag said how many parts it covers.");
        }

        ChecksumReading? reading = ChecksumReadings.FindMatch(digests, Algorithm, stored.Value, fullObject: false, count, out string tried);
        return reading is { } match
            ? ChecksumValidationResult.Inferred(Algorithm, composite: true, match.Checksum, match.PartSize)
            : ChecksumValidationResult.Undecided(
                $"the object has a composite {Algorithm} checksum over {Count(count)} parts that S3 did not list, and no layout of them matched (tried {tried}).");
    }

    /// <summary>A bare value for an object uploaded in <paramref name="uploadedPartCount"/> parts, with no type: the
    /// whole object's checksum or a composite, whichever reading matches.</summary>
    public ChecksumValidationResult Infer(int uploadedPartCount)
    {
        ChecksumReading? reading = ChecksumReadings.FindMatch(digests, Algorithm, stored.Value, fullObject: true, uploadedPartCount, out string tried);
        if (reading is { } match)
        {
            return ChecksumValidationResult.Inferred(Algorithm, match.Composite, match.Checksum, match.PartSize);
        }

        return WrongAlgorithm(fullObject: true, uploadedPartCount)
            ?? ChecksumValidationResult.Undecided(
                $"the stored checksum's type is not stated and no reading of it matched (S3 sent the {Algorithm} value '{stored.Value}' without a -N "
                + $"suffix or an x-amz-checksum-type for an object uploaded in {Count(uploadedPartCount)} parts; tried {tried}).");
    }

    /// <summary>The result when the value is, in one of the same readings, the checksum of the bytes in the witness
    /// algorithm: the server stored that algorithm under the stored one's name; null when it is not (or none was hashed).</summary>
    private ChecksumValidationResult? WrongAlgorithm(bool fullObject, int compositeParts)
    {
        if (witness is not { } other || !digests.HasAll(other, out _)
            || ChecksumReadings.FindMatch(digests, other, stored.Value, fullObject, compositeParts, out _) is not { } reading)
        {
            return null;
        }

        string read = reading.Composite ? $"the composite {other} over parts of {ChecksumReadings.Size(reading.PartSize!.Value)}" : $"the full-object {other}";
        return ChecksumValidationResult.Undecided(
            $"the stored {Algorithm} checksum '{stored.Value}' is {read} of the bytes received: the server stored a {other} under the {Algorithm} "
            + $"name (moto does without its crc32c extra), so the value says nothing about the bytes as a {Algorithm}.");
    }

    private ChecksumValidationResult VerifyListedComposite(IReadOnlyList<StoredPart> parts)
    {
        string[]? ours = StoredPartChecksums(parts, out string? notChecked);
        if (ours is null)
        {
            return ChecksumValidationResult.NotValidated(notChecked!);
        }

        for (int part = 1; part <= parts.Count; part++)
        {
            if (!string.Equals(ours[part - 1], parts[part - 1].Checksum, StringComparison.Ordinal))
            {
                throw new ChecksumMismatchException(bucketName, key, Algorithm.Value, parts[part - 1].Checksum, ours[part - 1], part);
            }
        }

        string expected = $"{stored.Value}-{Count(parts.Count)}";
        string? actual = ChecksumHasher.Composite(Algorithm, ours);
        if (!string.Equals(actual, expected, StringComparison.Ordinal))
        {
            throw new ChecksumMismatchException(bucketName, key, Algorithm.Value, expected, actual ?? "(none)");
        }

        return ChecksumValidationResult.Matched(Algorithm, composite: true, expected);
    }

    /// <summary>This download's checksum of each stored part: its own parts' checksums when the two line up (any
    /// algorithm); otherwise, for a CRC, built from the object's CRCs at the stored parts' ends (<see cref="StoredPartCrcs"/>).
    /// A digest (SHA) cannot be built from pieces, so then it is <see langword="null"/>, with the reason.</summary>
    private string[]? StoredPartChecksums(IReadOnlyList<StoredPart> parts, out string? notChecked)
    {
        notChecked = null;
        PartLayout layout = digests.Layout;
        var ends = new long[parts.Count];
        long listed = 0;
        for (int index = 0; index < parts.Count; index++)
        {
            ends[index] = listed += parts[index].Size;
        }

        if (digests.LinesUpWith(ends))
        {
            return digests.PartChecksums(Algorithm);
        }

        if (listed != layout.TotalLength)
        {
            notChecked = $"S3 listed {parts.Count} stored part(s) of {listed} bytes in all for an object of {layout.TotalLength} bytes.";
            return null;
        }

        if (!FullObjectCrc.IsSupported(Algorithm))
        {
            notChecked = $"the object's composite {Algorithm} checksum covers {parts.Count} stored part(s) of {parts[0].Size} bytes; "
                + $"this download's {layout.PartCount} part(s) of {layout.PartSize} bytes do not line up with them, and a {Algorithm} digest "
                + "cannot be built from pieces (set PartSize to the stored part size to check it).";
            return null;
        }

        if (StoredPartCrcs.TryCompute(new PrefixCrcs(Algorithm, digests), ends, out long unknownOffset) is not { } crcs)
        {
            notChecked = $"a stored part of the object's composite {Algorithm} checksum ends at byte {unknownOffset}, which the download "
                + "had hashed past before S3 listed the stored parts (off the 1 MiB grid where running CRCs are kept meanwhile).";
            return null;
        }

        return Array.ConvertAll(crcs, crc => CrcCombine.ToBase64(Algorithm, crc));
    }

    private static string Count(int count) => count.ToString(CultureInfo.InvariantCulture);
}
