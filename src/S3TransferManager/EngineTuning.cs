namespace S3TransferManager;

/// <summary>
/// Knobs of the engine that are not settings: tests shorten the failure paths' waits, and benchmarks turn download
/// features off to measure them side by side in one run. A <see cref="TransferUtility"/> built through its public
/// constructors always has <see cref="Default"/>; only an internal constructor takes another.
/// </summary>
internal sealed record EngineTuning
{
    public static EngineTuning Default { get; } = new();

    /// <summary>How long a failure path waits for anything it does not control: in-flight parts to stop after a
    /// failure or cancellation, a CreateMultipartUpload in flight, and AbortMultipartUpload.</summary>
    public TimeSpan FailureWaitLimit { get; init; } = TransferLimits.FailureWaitLimit;

    /// <summary>The shortest window the automatic budget learns from (it also waits for several requests to end):
    /// a few of S3's round trips.</summary>
    public TimeSpan AdaptiveWindow { get; init; } = TimeSpan.FromMilliseconds(50);

    /// <summary>Whether download parts shrink toward the end of an object (<c>PartLayout</c>'s tail); off, the layout
    /// is uniform.</summary>
    public bool DownloadTail { get; init; } = true;

    /// <summary>Whether a download sends its next part's request in a body's last round trip; off, every request
    /// waits for its worker.</summary>
    public bool DownloadLookahead { get; init; } = true;

    /// <summary>Whether OpenStream's window counts bytes (MaxInMemoryParts x PartSize, so the smaller parts at the end
    /// of an object take less of it); off, it counts parts, whatever their length.</summary>
    public bool OpenStreamWindowInBytes { get; init; } = true;

    /// <summary>The jitter of retry delays: a source of numbers in [0, 1); null: <see cref="Random.Shared"/>. Tests fix
    /// it, so a delay is known to the millisecond.</summary>
    public Func<double>? RetryJitter { get; init; }

    /// <summary>The least a learned answer bound may be (see <see cref="Requests.AnswerTimes"/>); tests shorten it
    /// to run an unanswered request in a fraction of a second.</summary>
    public TimeSpan AnswerStallFloor { get; init; } = Requests.AnswerBounds.DefaultFloor;

    /// <summary>The least wait before a hedge (a second attempt alongside a slow one).</summary>
    public TimeSpan HedgeFloor { get; init; } = Requests.AnswerBounds.DefaultHedgeFloor;

    /// <summary>How long a CompleteMultipartUpload may go without an answer before the upload fails. Long: S3 may work
    /// on it for minutes, and through <see cref="Amazon.S3.IAmazonS3"/> only the whole answer can be seen, not the
    /// whitespace S3 sends while it works (see docs/timeouts.md).</summary>
    public TimeSpan CompleteAnswerLimit { get; init; } = TransferLimits.CompleteAnswerLimit;

    /// <summary>When set (and <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> is not), a fixed budget of
    /// this many bodies in place of the automatic one, each slot free to carry one early request: the default before the
    /// budget followed cost, which benchmarks measure the automatic budget against.</summary>
    public int? FixedSharedRequests { get; init; }

    /// <summary>Whether the automatic budget may start a transfer of large parts from what they justify
    /// (<see cref="Scheduling.RequestBudget.ForeseenStart"/>); off, every transfer starts at
    /// <see cref="Scheduling.RequestBudget.AutomaticStart"/>: the baseline benchmarks measure the foreseen start against.</summary>
    public bool ForeseenStart { get; init; } = true;

    /// <summary>Where the automatic budget's first requests start, growing on quick answers
    /// (<see cref="Scheduling.RequestBudget.FirstContactStart"/>); null: at
    /// <see cref="Scheduling.RequestBudget.AutomaticStart"/> (and at once at what a transfer foresees): the baseline
    /// benchmarks measure first contact against.</summary>
    public int? FirstContactStart { get; init; } = Scheduling.RequestBudget.FirstContactStart;

    /// <summary>Whether a download's first GET asks for part 1 by number (<see cref="Download.PartNumberOpening"/>); off,
    /// for a range of PartSize bytes: the baseline benchmarks measure the opening by part number against.</summary>
    public bool OpenByPartNumber { get; init; } = true;
}
