using System.Numerics;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// The part layouts an object's uploader may have used, when only its size and its part count (from the ETag's
/// <c>-N</c>) are known: every part but the last of one size, a whole number of MiB (what uploaders choose: 5, 8,
/// 16 MiB...), and consistent with the size ((N - 1) x size &lt; object &lt;= N x size). Each is given as the offsets
/// where its parts end.
/// </summary>
internal static class CandidateLayouts
{
    /// <summary>Part sizes are whole multiples of this (the validator's <see cref="DownloadChecksumValidator.CheckpointGrid"/>,
    /// where running CRCs are kept).</summary>
    public const long Unit = DownloadChecksumValidator.CheckpointGrid;

    /// <summary>S3's smallest part but the last; no uploader that S3 accepts uses less.</summary>
    public const long MinPartSize = 5 * Unit;

    /// <summary>At most this many sizes are tried: each reading tried is one more chance for corrupt bytes to match by
    /// accident (2^-32 each for a CRC32), so the count is bounded; rounder sizes (more factors of two) come first.</summary>
    public const int MaxCandidates = 1024;

    /// <summary>The candidate part sizes, rounder ones (more factors of two, in MiB) first, each level ascending; for
    /// one part, the object's size.</summary>
    public static long[] PartSizes(long totalLength, int partCount)
    {
        if (partCount <= 1)
        {
            return [totalLength];
        }

        // Whole units u with (N - 1) * u * Unit < total <= N * u * Unit, and u * Unit >= MinPartSize.
        long lowest = Math.Max(MinPartSize / Unit, DivideRoundingUp(totalLength, (long)partCount * Unit));
        long highest = (totalLength - 1) / ((long)(partCount - 1) * Unit);
        if (highest < lowest)
        {
            return [];
        }

        // Level by level from the roundest: the multiples of 2^level in range that have exactly that many factors of two.
        var sizes = new List<long>();
        for (int level = 63 - BitOperations.LeadingZeroCount((ulong)highest); level >= 0 && sizes.Count < MaxCandidates; level--)
        {
            long step = 1L << level;
            for (long units = DivideRoundingUp(lowest, step) * step; units <= highest && sizes.Count < MaxCandidates; units += step)
            {
                if (BitOperations.TrailingZeroCount(units) == level)
                {
                    sizes.Add(units * Unit);
                }
            }
        }

        return [.. sizes];
    }

    /// <summary>Where the parts of a layout of <paramref name="partCount"/> parts of <paramref name="partSize"/> end.</summary>
    public static long[] Ends(long totalLength, int partCount, long partSize)
    {
        var ends = new long[partCount];
        for (int index = 0; index < partCount - 1; index++)
        {
            ends[index] = (index + 1) * partSize;
        }

        ends[partCount - 1] = totalLength;
        return ends;
    }

    private static long DivideRoundingUp(long value, long divisor) => (value + divisor - 1) / divisor;
}
