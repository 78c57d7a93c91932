using System.Globalization;
using Amazon.S3;
using S3TransferManager.Parts;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// Tries the readings of a stored value whose meaning the server did not state: the whole object's checksum, and the
/// composite (checksum of the parts' checksums) over each part layout the uploader may have used
/// (<see cref="CandidateLayouts"/>). A CRC composite is computed for every layout from the running CRCs the download
/// kept on the 1 MiB grid (<see cref="StoredPartCrcs"/>); a SHA composite only for a layout that is this download's
/// own, since a digest cannot be built from pieces. Nothing here throws on a mismatch: a reading that does not match
/// says nothing about the bytes.
/// </summary>
internal static class ChecksumReadings
{
    /// <summary>The first reading of <paramref name="value"/> that the bytes, hashed in <paramref name="algorithm"/>,
    /// match; null when none does. <paramref name="tried"/> says which readings were tried, for the reason.</summary>
    /// <param name="digests">The download's part digests; every part went through <paramref name="algorithm"/>.</param>
    /// <param name="algorithm">The algorithm the bytes are read in.</param>
    /// <param name="value">The stored value, base64, without a <c>-N</c> suffix.</param>
    /// <param name="fullObject">Whether the value may be the whole object's checksum.</param>
    /// <param name="compositeParts">How many parts a composite would cover (0: the value is not a composite).</param>
    /// <param name="tried">The readings tried, in words.</param>
    public static ChecksumReading? FindMatch(ReceivedDigests digests, ChecksumAlgorithm algorithm, string value, bool fullObject, int compositeParts,
        out string tried)
    {
        var attempts = new List<string>(2);
        if (fullObject && digests.FullObject(algorithm) is { } whole)
        {
            attempts.Add($"the full-object {algorithm}");
            if (string.Equals(whole, value, StringComparison.Ordinal))
            {
                tried = attempts[0];
                return new ChecksumReading(Composite: false, PartSize: null, PartCount: 1, value);
            }
        }

        ChecksumReading? match = null;
        if (compositeParts > 0)
        {
            long total = digests.Layout.TotalLength;
            long[] sizes = FullObjectCrc.IsSupported(algorithm)
                ? CandidateLayouts.PartSizes(total, compositeParts)
                : OwnLayoutIfUniform(digests, compositeParts);
            attempts.Add(Describe(algorithm, compositeParts, sizes));
            match = FullObjectCrc.IsSupported(algorithm)
                ? FindCrcComposite(digests, algorithm, value, compositeParts, sizes)
                : FindDigestComposite(digests, algorithm, value, compositeParts, sizes);
        }

        tried = attempts.Count == 0 ? "no reading fits" : string.Join(" and ", attempts);
        return match;
    }

    private static ChecksumReading? FindCrcComposite(ReceivedDigests digests, ChecksumAlgorithm algorithm, string value, int partCount, long[] sizes)
    {
        if (sizes.Length == 0)
        {
            return null;
        }

        var prefix = new PrefixCrcs(algorithm, digests);
        foreach (long size in sizes)
        {
            long[] ends = CandidateLayouts.Ends(digests.Layout.TotalLength, partCount, size);
            if (StoredPartCrcs.TryCompute(prefix, ends, out _) is { } crcs && string.Equals(CompositeOf(algorithm, crcs), value, StringComparison.Ordinal))
            {
                return new ChecksumReading(Composite: true, size, partCount, value);
            }
        }

        return null;
    }

    private static ChecksumReading? FindDigestComposite(ReceivedDigests digests, ChecksumAlgorithm algorithm, string value, int partCount, long[] sizes)
    {
        if (sizes is not [long size])
        {
            return null;
        }

        // The sizes hold this download's own layout only when its parts are the uploader's (OwnLayoutIfUniform).
        string? composite = ChecksumHasher.Composite(algorithm, digests.PartChecksums(algorithm));
        return string.Equals(composite, $"{value}-{partCount.ToString(CultureInfo.InvariantCulture)}", StringComparison.Ordinal)
            ? new ChecksumReading(Composite: true, size, partCount, value)
            : null;
    }

    /// <summary>This download's own part size, when its parts could be the uploader's: as many, all but the last of one
    /// size. A digest composite can only be checked over such parts.</summary>
    private static long[] OwnLayoutIfUniform(ReceivedDigests digests, int partCount)
    {
        PartLayout layout = digests.Layout;
        long size = layout.LengthOf(1);
        return layout.PartCount == partCount && digests.LinesUpWith(CandidateLayouts.Ends(layout.TotalLength, partCount, size)) ? [size] : [];
    }

    /// <summary>The checksum of the parts' raw CRCs (big-endian, as S3 concatenates them), base64.</summary>
    private static string CompositeOf(ChecksumAlgorithm algorithm, ulong[] crcs)
    {
        using var hasher = ChecksumHasher.Create(algorithm);
        Span<byte> raw = stackalloc byte[sizeof(ulong)];
        foreach (ulong crc in crcs)
        {
            hasher.Append(raw[..CrcCombine.WriteBigEndian(algorithm, crc, raw)]);
        }

        return hasher.ToBase64();
    }

    private static string Describe(ChecksumAlgorithm algorithm, int partCount, long[] sizes)
    {
        string count = partCount.ToString(CultureInfo.InvariantCulture);
        if (sizes.Length == 0)
        {
            return FullObjectCrc.IsSupported(algorithm)
                ? $"a composite {algorithm} over {count} parts (no whole-MiB part size of at least 5 MiB fits the object's size)"
                : $"a composite {algorithm} over {count} parts (checkable only over this download's own parts, which are not {count} parts of one size; set PartSize to the uploader's part size)";
        }

        long smallest = sizes.Min();
        long largest = sizes.Max();
        string range = smallest == largest ? Size(smallest) : $"{Size(smallest)} to {Size(largest)}";
        return $"a composite {algorithm} over {count} parts of {range}";
    }

    /// <summary>A part size in words: whole MiB as such, anything else in bytes.</summary>
    internal static string Size(long bytes) =>
        bytes % CandidateLayouts.Unit == 0
            ? $"{(bytes / CandidateLayouts.Unit).ToString(CultureInfo.InvariantCulture)} MiB"
            : $"{bytes.ToString(CultureInfo.InvariantCulture)} bytes";
}

/// <summary>A reading of a stored value that the bytes matched: the whole object's checksum, or a composite over
/// <paramref name="PartCount"/> parts of <paramref name="PartSize"/> (all but the last).</summary>
internal readonly record struct ChecksumReading(bool Composite, long? PartSize, int PartCount, string Value)
{
    /// <summary>The value as S3 would send it: a composite one ends with <c>-N</c>.</summary>
    public string Checksum => Composite ? $"{Value}-{PartCount.ToString(CultureInfo.InvariantCulture)}" : Value;
}
