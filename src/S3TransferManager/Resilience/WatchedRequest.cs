namespace S3TransferManager.Resilience;

/// <summary>
/// One request as <see cref="StallRetry"/> sends it: which request it is (for its error), how each attempt is watched
/// (<see cref="RequestWatch"/>: the body against the policy's stall timeout, the answer against a learned or fixed
/// bound), the retry delays, and the attempts it may have.
/// </summary>
internal sealed class WatchedRequest
{
    private readonly AnswerTimes? _answers;
    private readonly TimeSpan _fixedAnswerBound;

    /// <param name="target">Which request it is.</param>
    /// <param name="policy">The stall timeout of a body, the retry delays and how many retries.</param>
    /// <param name="answers">Where the answer bound is learned and each answer recorded; null: <paramref name="fixedAnswerBound"/>.</param>
    /// <param name="fixedAnswerBound">The answer bound when none is learned; infinite: the answer is not watched.</param>
    /// <param name="bytes">The body's length; 0 for a request without one.</param>
    /// <param name="observer">Hears of stalls and retries; null: nobody.</param>
    /// <param name="attempts">The attempts allowed; null: the first and the policy's retries.</param>
    public WatchedRequest(RequestTarget target, ResumePolicy policy, AnswerTimes? answers, TimeSpan fixedAnswerBound, long bytes,
        IAttemptObserver? observer = null, int? attempts = null)
    {
        Target = target;
        Policy = policy;
        _answers = answers;
        _fixedAnswerBound = fixedAnswerBound;
        Bytes = bytes;
        Observer = observer;
        Budget = new AttemptBudget(attempts ?? 1 + policy.MaxResumes);
    }

    public RequestTarget Target { get; }

    public ResumePolicy Policy { get; }

    public long Bytes { get; }

    /// <summary>Hears of stalls and retries; null: nobody.</summary>
    public IAttemptObserver? Observer { get; }

    /// <summary>The attempts left: the retries take from it, and so do hedges.</summary>
    public AttemptBudget Budget { get; }

    /// <summary>What a stall in a congested endpoint's queue does (cuts the budget, waits for a slot); null: every
    /// stall is retried after the policy's delay.</summary>
    public CongestionResponse? Congestion { get; init; }

    /// <summary>A watch for one attempt, canceled by <paramref name="callerToken"/> too.</summary>
    public RequestWatch Watch(CancellationToken callerToken) =>
        new(Policy.TimeProvider, Policy.StallTimeout, _answers, _fixedAnswerBound, Bytes, callerToken, Congestion?.Activity);

    /// <summary>Waits for a slot of the request budget again before a retry after a stall in a congested endpoint's
    /// queue (gives back the slot the request holds, and takes the next one in its transfer's turn); null: the retry
    /// keeps the slot and waits the policy's delay.</summary>
    public Func<CancellationToken, ValueTask>? WaitForSlot { get; init; }

    /// <summary>The error for an attempt that stalled when no attempt is left; <paramref name="congested"/>: it stalled
    /// while the endpoint answered others.</summary>
    public RequestStalledException Stalled(RequestWatch watch, bool congested = false) =>
        new(Target.Operation, Target.BucketName, Target.Key, Target.PartNumber, watch.StalledFor, Budget.Used, watch.StalledWhileSending, congested);
}
