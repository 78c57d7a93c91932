namespace S3TransferManager.Requests;

/// <summary>
/// How long S3 takes to answer a request once it is sent (a request with a body: once its last byte was handed to the
/// connection), learned from a utility's recent answers. It gives the bound after which a request with no answer counts
/// as stalled (<see cref="StallBound"/>: four times the 99th percentile, between a floor and a ceiling) and the wait,
/// well past the usual answer, after which a second attempt may be sent alongside (<see cref="HedgeAfter"/>: three
/// times the 90th percentile). Times are kept per reference size: a body of up to <see cref="ReferenceBytes"/> counts
/// once, a larger one its size over that, since the bytes still in the connection's buffers when the last one was
/// handed over, and the server's work on them, grow with the body.
/// </summary>
/// <para>Before enough answers were seen, the bound is <see cref="AnswerBounds.BeforeData"/>, lengthened in proportion
/// to the requests in flight beyond <see cref="AnswerBounds.FirstWaveRequests"/>: a server that serves a few requests at
/// a time answers the last of a larger first wave only after the ones ahead of it, and that wait in its queue is not a
/// dead connection. The answers learned from include such waits, so the learned bound covers them too.</para>
/// <remarks>Thread-safe, and one instance per utility and kind of answer. The last <see cref="Capacity"/> samples are
/// kept in a fixed ring under one lock, so old answers age out; the percentiles are computed on a stack copy at most
/// once per new sample, and nothing is allocated after construction.</remarks>
internal sealed class AnswerTimes
{
    /// <summary>Samples kept: enough for the 99th percentile to be the second slowest answer rather than the slowest.</summary>
    public const int Capacity = 128;

    /// <summary>Answers seen before the learned bounds replace <see cref="AnswerBounds.BeforeData"/>.</summary>
    public const int MinSamples = 8;

    /// <summary>A body up to this size counts as one reference size.</summary>
    public const long ReferenceBytes = 8L * 1024 * 1024;

    /// <summary>The stall bound over the 99th percentile: a dead connection, not a slow answer.</summary>
    public const double StallMultiplier = 4;

    /// <summary>The hedge wait over the 90th percentile: the slowest answers, not the usual spread.</summary>
    public const double HedgeMultiplier = 3;

    private readonly Lock _lock = new();

    /// <summary>Seconds per reference size of the last <see cref="Capacity"/> answers; the next one goes to
    /// <see cref="_next"/>. Guarded by <see cref="_lock"/>.</summary>
    private readonly double[] _samples = new double[Capacity];

    /// <summary>Samples taken so far (saturating at int.MaxValue); guarded by <see cref="_lock"/>.</summary>
    private int _count;

    private int _next;

    /// <summary>The <see cref="_count"/> the cached percentiles were computed at (-1: none yet); guarded by the lock.</summary>
    private int _cachedAt = -1;
    private double _p90;
    private double _p99;

    /// <summary>The requests in flight now (the utility's budget's count); null: one.</summary>
    private readonly Func<int>? _inFlight;

    /// <summary>Told of each answer's wait (the budget's first contact grows on quick ones); null: nobody.</summary>
    private readonly Action<TimeSpan>? _heard;

    /// <param name="bounds">The fixed ends of the bounds.</param>
    /// <param name="inFlight">The requests in flight now, which lengthen the bound before data; null: not counted.</param>
    /// <param name="heard">Told of each answer's wait; null: nobody.</param>
    public AnswerTimes(AnswerBounds bounds, Func<int>? inFlight = null, Action<TimeSpan>? heard = null)
    {
        Bounds = bounds;
        _inFlight = inFlight;
        _heard = heard;
    }

    public AnswerBounds Bounds { get; }

    /// <summary>Answers seen so far.</summary>
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _count;
            }
        }
    }

    /// <summary>Takes one answer: it came <paramref name="wait"/> after a request of <paramref name="bytes"/> was sent.</summary>
    public void Record(TimeSpan wait, long bytes)
    {
        if (wait < TimeSpan.Zero)
        {
            return;
        }

        double perReference = wait.TotalSeconds / Scale(bytes);
        lock (_lock)
        {
            _samples[_next] = perReference;
            _next = (_next + 1) % Capacity;
            if (_count < int.MaxValue)
            {
                _count++;
            }
        }

        _heard?.Invoke(wait);
    }

    /// <summary>How long a request of <paramref name="bytes"/> may wait for its answer before it counts as stalled:
    /// <see cref="AnswerBounds.BeforeData"/> (longer while more than <see cref="AnswerBounds.FirstWaveRequests"/>
    /// requests are in flight) until enough answers were seen, then the learned bound.</summary>
    public TimeSpan StallBound(long bytes)
    {
        AnswerBounds bounds = Bounds;
        if (bounds.BeforeData == Timeout.InfiniteTimeSpan)
        {
            return bounds.BeforeData;
        }

        if (!TryPercentiles(out _, out double p99))
        {
            int inFlight = _inFlight?.Invoke() ?? 1;
            return inFlight <= AnswerBounds.FirstWaveRequests ? bounds.BeforeData : bounds.BeforeData * inFlight / AnswerBounds.FirstWaveRequests;
        }

        return Clamp(TimeSpan.FromSeconds(StallMultiplier * p99 * Scale(bytes)), bounds.Floor, bounds.Ceiling);
    }

    /// <summary>How long a request of <paramref name="bytes"/> may wait for its answer before a second attempt is sent
    /// alongside it; null until enough answers were seen. Never past <see cref="StallBound"/>.</summary>
    public TimeSpan? HedgeAfter(long bytes)
    {
        if (!TryPercentiles(out double p90, out _))
        {
            return null;
        }

        TimeSpan after = TimeSpan.FromSeconds(HedgeMultiplier * p90 * Scale(bytes));
        TimeSpan stall = StallBound(bytes);
        after = after < Bounds.HedgeFloor ? Bounds.HedgeFloor : after;
        return stall != Timeout.InfiniteTimeSpan && after > stall ? stall : after;
    }

    private static double Scale(long bytes) => bytes <= ReferenceBytes ? 1 : (double)bytes / ReferenceBytes;

    private static TimeSpan Clamp(TimeSpan value, TimeSpan floor, TimeSpan ceiling) =>
        value < floor ? floor : value > ceiling ? ceiling : value;

    private bool TryPercentiles(out double p90, out double p99)
    {
        lock (_lock)
        {
            if (_count < MinSamples)
            {
                p90 = p99 = 0;
                return false;
            }

            if (_cachedAt != _count)
            {
                int n = Math.Min(_count, Capacity);
                Span<double> sorted = stackalloc double[Capacity];
                sorted = sorted[..n];
                _samples.AsSpan(0, n).CopyTo(sorted);
                sorted.Sort();
                _p90 = sorted[Rank(0.90, n)];
                _p99 = sorted[Rank(0.99, n)];
                _cachedAt = _count;
            }

            p90 = _p90;
            p99 = _p99;
            return true;
        }
    }

    /// <summary>The index of the <paramref name="quantile"/> in <paramref name="n"/> sorted samples (nearest rank).</summary>
    private static int Rank(double quantile, int n) => Math.Clamp((int)Math.Ceiling(quantile * n) - 1, 0, n - 1);
}
