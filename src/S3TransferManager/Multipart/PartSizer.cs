
namespace S3TransferManager.Multipart;

/// <summary>Chooses part sizes that respect S3's limits: at least 5 MiB (except the last part), at most 10,000 parts,
/// at most 5 GiB each.</summary>
internal static class PartSizer
{
    /// <summary>What whole-wave parts are rounded up to when that keeps their count: a multiple of the pooled chunk,
    /// so a part read into memory fills its last chunk.</summary>
    public const long WaveAlignment = TransferLimits.BufferSize;

    /// <summary>The requested part size, grown to ceil(length / 10,000) when the object would otherwise need more than
    /// 10,000 parts.</summary>
    public static long ForKnownLength(long length, long requestedPartSize)
    {
        long needed = (length + TransferLimits.MaxPartCount - 1) / TransferLimits.MaxPartCount;
        return Math.Max(Math.Max(requestedPartSize, needed), TransferLimits.MinPartSize);
    }

    /// <summary>
    /// A part size near <paramref name="requestedPartSize"/> that splits <paramref name="length"/> into a whole number
    /// of waves of <paramref name="budget"/> parts, so every connection sends its last part at the same time instead of
    /// a few finishing a ragged last wave alone (256 MiB in 8 MiB parts is 32 parts, four waves on 10 connections with
    /// the fourth 2/10 busy; 30 parts of ~8.5 MiB are three full ones).
    /// </summary>
    /// <remarks>
    /// The rule, from <see cref="ForKnownLength"/>'s size and count:
    /// <list type="bullet">
    /// <item>Fewer parts than the budget: as many parts as the budget, but none under 5 MiB (40 MiB: 8 parts of 5 MiB,
    /// not 5 of 8 MiB), so idle connections share the object.</item>
    /// <item>At least one wave: the wave count is rounded down (fewer, bigger parts: 1 GiB is 120 parts of ~8.6 MiB
    /// rather than 130 of ~7.9 MiB; each connection moves the same bytes either way, and one wave fewer pays one
    /// first-byte latency fewer), unless that grows a part past 1.5x, which only happens between one and two waves:
    /// then two waves of smaller parts.</item>
    /// </list>
    /// The part never grows beyond 1.5x the size it replaces (memory for a stream source is per part) and never below
    /// S3's 5 MiB; the count never exceeds 10,000 (rounding down never adds parts). The size is rounded up to
    /// <see cref="WaveAlignment"/> when that keeps the count. The budget is the utility's, shared by every transfer it
    /// runs: with several objects in flight (a directory) the waves are a heuristic, not a guarantee.
    /// </remarks>
    /// <param name="length">The object's length, known up front.</param>
    /// <param name="requestedPartSize">The part size asked for (the default, since the caller did not set one).</param>
    /// <param name="budget">The requests in flight at most.</param>
    public static long ForWholeWaves(long length, long requestedPartSize, int budget)
    {
        long partSize = ForKnownLength(length, requestedPartSize);
        int count = PartCount(length, partSize);
        if (budget < 2 || count % budget == 0)
        {
            return partSize;
        }

        long target;
        if (count < budget)
        {
            target = Math.Min(budget, length / TransferLimits.MinPartSize);
            if (target <= count)
            {
                return partSize;
            }
        }
        else
        {
            long waves = count / budget;
            target = waves * budget;
            if (CeilDiv(length, target) > partSize + (partSize / 2))
            {
                target = (waves + 1) * budget;
            }
        }

        long exact = CeilDiv(length, target);
        long aligned = CeilDiv(exact, WaveAlignment) * WaveAlignment;
        return Fits(aligned) ? aligned : Fits(exact) ? exact : partSize;

        bool Fits(long size) => size >= TransferLimits.MinPartSize && size <= TransferLimits.MaxPartSize
            && size <= partSize + (partSize / 2) && PartCount(length, size) == target && target <= TransferLimits.MaxPartCount;
    }

    /// <summary>How many parts of <paramref name="partSize"/> hold <paramref name="length"/> bytes (at least one).</summary>
    public static int PartCount(long length, long partSize) => (int)Math.Max(1, (length + partSize - 1) / partSize);

    private static long CeilDiv(long value, long divisor) => (value + divisor - 1) / divisor;
}
