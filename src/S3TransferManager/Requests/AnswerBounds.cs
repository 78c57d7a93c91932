namespace S3TransferManager.Requests;

/// <summary>
/// The fixed ends of the learned answer bounds (<see cref="AnswerTimes"/>): what is used before any answer was seen,
/// the least and the most a learned stall bound may be, and the least wait before a hedge.
/// </summary>
/// <param name="BeforeData">The stall bound before enough answers were seen: conservative, since nothing is known
/// yet (<see cref="TransferUtilityConfig.BodyStallTimeout"/>).</param>
/// <param name="Floor">The least a learned stall bound may be: a few seconds, so that an ordinary slow answer (S3 answers
/// about one UploadPart in a thousand in seconds rather than tenths) is not taken for a dead connection.</param>
/// <param name="Ceiling">The most a learned stall bound may be, however slow the answers seen.</param>
/// <param name="HedgeFloor">The least wait before a second attempt is sent alongside a slow one.</param>
internal sealed record AnswerBounds(TimeSpan BeforeData, TimeSpan Floor, TimeSpan Ceiling, TimeSpan HedgeFloor)
{
    /// <summary>The requests in flight a bound before data is sized for; more lengthen it in proportion
    /// (<see cref="AnswerTimes.StallBound"/>). As many as a utility's first contact starts with.</summary>
    public const int FirstWaveRequests = Scheduling.RequestBudget.FirstContactStart;

    /// <summary>The learned stall bound's floor by default.</summary>
    public static readonly TimeSpan DefaultFloor = TimeSpan.FromSeconds(3);

    /// <summary>The learned stall bound's ceiling by default (or the stall timeout, when that is longer).</summary>
    public static readonly TimeSpan DefaultCeiling = TimeSpan.FromSeconds(60);

    /// <summary>The least wait before a hedge by default: well above a loopback or same-region round trip.</summary>
    public static readonly TimeSpan DefaultHedgeFloor = TimeSpan.FromMilliseconds(100);

    /// <summary>The least pace a server-side copy is given before it counts as stalled: S3 copies before it answers, so
    /// a copy's bound grows with its bytes. Far below what S3 copies at (hundreds of MB/s within a region).</summary>
    public const long CopyFloorRate = 8L * 1024 * 1024;

    /// <summary>How long a copy of <paramref name="bytes"/> may go without an answer: the stall timeout, plus the bytes
    /// at <see cref="CopyFloorRate"/>; infinite when the stall timeout is.</summary>
    public static TimeSpan CopyBound(TimeSpan stallTimeout, long bytes) =>
        stallTimeout == Timeout.InfiniteTimeSpan ? stallTimeout : stallTimeout + TimeSpan.FromSeconds((double)Math.Max(0, bytes) / CopyFloorRate);

    /// <summary>The bounds for a utility whose stall timeout is <paramref name="stallTimeout"/> (infinite: no request
    /// is ever taken for stalled), with the floor and hedge floor of <paramref name="tuning"/>.</summary>
    public static AnswerBounds For(TimeSpan stallTimeout, EngineTuning tuning)
    {
        if (stallTimeout == Timeout.InfiniteTimeSpan)
        {
            return new AnswerBounds(stallTimeout, stallTimeout, stallTimeout, tuning.HedgeFloor);
        }

        TimeSpan floor = tuning.AnswerStallFloor < stallTimeout ? tuning.AnswerStallFloor : stallTimeout;
        TimeSpan ceiling = DefaultCeiling > stallTimeout ? DefaultCeiling : stallTimeout;
        return new AnswerBounds(stallTimeout, floor, ceiling, tuning.HedgeFloor);
    }
}
