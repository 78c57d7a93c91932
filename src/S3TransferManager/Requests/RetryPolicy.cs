namespace S3TransferManager.Requests;

/// <summary>
/// How a part's body is resumed when it breaks off or stalls: how many times, after which delays, and how long a body
/// may stay silent before it counts as stalled. Built once per utility from its settings.
/// </summary>
internal sealed class RetryPolicy
{
    /// <summary>The longest delay before a resume, however many came before.</summary>
    public static readonly TimeSpan MaxDelay = TimeSpan.FromSeconds(20);

    private readonly TimeSpan _baseDelay;
    private readonly Func<double> _random;

    /// <param name="maxResumes">How many times one part may be resumed.</param>
    /// <param name="baseDelay">The delay before the first resume, before jitter; it doubles for each further one.</param>
    /// <param name="stallTimeout">How long a read or a request may go without progress before it counts as a broken
    /// body; <see cref="Timeout.InfiniteTimeSpan"/> never.</param>
    /// <param name="timeProvider">The clock delays and stall timers run on.</param>
    /// <param name="random">A source of numbers in [0, 1) for the jitter; <see cref="Random.Shared"/> when null.</param>
    public RetryPolicy(int maxResumes, TimeSpan baseDelay, TimeSpan stallTimeout, TimeProvider timeProvider, Func<double>? random = null)
    {
        MaxResumes = maxResumes;
        _baseDelay = baseDelay;
        StallTimeout = stallTimeout;
        TimeProvider = timeProvider;
        _random = random ?? Random.Shared.NextDouble;
    }

    public int MaxResumes { get; }

    public TimeSpan StallTimeout { get; }

    public TimeProvider TimeProvider { get; }

    /// <summary>
    /// The delay before resume number <paramref name="attempt"/> (from 1): base x 2^(attempt - 1), capped at
    /// <see cref="MaxDelay"/>, of which the first half is fixed and the second half random ("equal jitter"). Parts that
    /// fail together (a dropped connection pool, a throttled prefix) then come back spread out, not in lockstep, and
    /// none comes back at once.
    /// </summary>
    public TimeSpan DelayBefore(int attempt)
    {
        TimeSpan exponential = _baseDelay * (1L << Math.Clamp(attempt - 1, 0, 30));
        TimeSpan capped = exponential > MaxDelay ? MaxDelay : exponential;
        return (capped / 2) + (capped / 2 * _random());
    }
}
