namespace S3TransferManager.Scheduling;

/// <summary>
/// The automatic budget's feedback: adds up, in windows, the bytes every transfer of a utility moves, the requests
/// that end and how long the small ones took (it observes every lease of the <see cref="RequestScheduler"/>), and at
/// the end of each window lets the <see cref="ConcurrencyController"/> move the scheduler's budget. When a request
/// comes while none was in flight, it restarts (<see cref="ConcurrencyController.Restart"/>) before that burst.
/// </summary>
/// <remarks>
/// A window closes at the first report after it has lasted <see cref="_minWindowTicks"/> and seen
/// <see cref="MinRequests"/> requests end, or after <see cref="_maxWindowTicks"/> whatever it saw: a verdict rests on
/// several requests, not on whichever happened to end within a tenth of a second. No timer, and nothing outside the
/// utility's own requests (no listener on the process's HTTP traffic): an idle utility costs nothing, and a utility
/// dropped without being disposed leaves nothing behind. Invariant: the controller and <see cref="_windowStart"/> are
/// touched only under <see cref="_lock"/>, taken with TryEnter so a report never waits for another's evaluation.
/// </remarks>
internal sealed class ConcurrencyTuner
{
    /// <summary>The fewest requests ended before a window may close (unless it reached its longest).</summary>
    internal const int MinRequests = 8;

    /// <summary>How many round trips after a cut for a refusal the requests open at the cut keep another refusal from
    /// cutting again, while they are retried.</summary>
    internal const int RefusalCohortRoundTrips = 10;

    /// <summary>Guards the controller and the window's start.</summary>
    private readonly Lock _lock = new();
    private readonly RequestScheduler _scheduler;
    private readonly ConcurrencyController _controller;
    private readonly TimeProvider _time;

    /// <summary>A window's shortest and longest length, in <see cref="_time"/>'s timestamp units.</summary>
    private readonly long _minWindowTicks;
    private readonly long _maxWindowTicks;

    /// <summary>When the budget last changed: requests lent before it teach nothing about the round trip of the budget
    /// now (those retried after a 503 under a larger budget end late for a while after it was cut).</summary>
    private long _changedAt;

    /// <summary>When a reported refusal last cut the budget (written under <see cref="_lock"/>), and how many of the
    /// requests open then are still open.</summary>
    private long _refusedAt = long.MinValue;
    private int _openAtRefusal;

    /// <summary>When the current window started. Guarded by <see cref="_lock"/>.</summary>
    private long _windowStart;

    /// <summary>The last report's time, for <see cref="_saturatedTicks"/>.</summary>
    private long _lastReport;

    /// <summary>Bytes moved and requests ended in the current window.</summary>
    private long _bytes;
    private int _requests;

    /// <summary>Time of the current window during which requests waited for a slot (sampled at each report).</summary>
    private long _saturatedTicks;

    /// <summary>Small requests that ended in the current window, their total time, and their times by bucket.</summary>
    private int _latencySamples;
    private long _latencyTicks;
    private readonly LatencyHistogram _latencies = new();

    /// <summary>Guards <see cref="_pending"/> and <see cref="_pendingLentAtSum"/>, read together.</summary>
    private readonly Lock _pendingLock = new();

    /// <summary>Small requests open now, and the sum of the times they were lent at.</summary>
    private int _pending;
    private long _pendingLentAtSum;

    /// <param name="scheduler">The budget to move.</param>
    /// <param name="controller">Decides the budget.</param>
    /// <param name="time">The clock.</param>
    /// <param name="minWindow">A window's shortest length (a few round trips).</param>
    public ConcurrencyTuner(RequestScheduler scheduler, ConcurrencyController controller, TimeProvider time, TimeSpan minWindow)
    {
        _scheduler = scheduler;
        _controller = controller;
        _time = time;
        _minWindowTicks = Math.Max(1, (long)(minWindow.TotalSeconds * time.TimestampFrequency));
        _maxWindowTicks = 20 * _minWindowTicks;
        _windowStart = _lastReport = time.GetTimestamp();
    }

    /// <summary>Counts bytes a transfer moved; closes the window when it is over.</summary>
    public void OnBytes(long bytes)
    {
        Interlocked.Add(ref _bytes, bytes);
        Report(_time.GetTimestamp());
    }

    /// <summary>A lease was lent; returns its start, to hand back to <see cref="Returned"/>.</summary>
    public long Lent(RequestCost cost)
    {
        long now = _time.GetTimestamp();
        if (cost.SamplesLatency)
        {
            lock (_pendingLock)
            {
                _pending++;
                _pendingLentAtSum += now;
            }
        }

        return now;
    }

    /// <summary>The lease lent at <paramref name="lentAt"/> came back: its request is over.</summary>
    public void Returned(long lentAt, RequestCost cost)
    {
        long now = _time.GetTimestamp();
        if (cost.SamplesLatency)
        {
            lock (_pendingLock)
            {
                _pending--;
                _pendingLentAtSum -= lentAt;
            }
        }

        if (lentAt <= Volatile.Read(ref _refusedAt))
        {
            Interlocked.Decrement(ref _openAtRefusal);
        }

        if (cost.SamplesLatency && lentAt >= Volatile.Read(ref _changedAt))
        {
            Interlocked.Add(ref _latencyTicks, now - lentAt);
            Interlocked.Increment(ref _latencySamples);
            _latencies.Record(ToTimeSpan(now - lentAt));
        }

        Interlocked.Increment(ref _requests);
        Report(now);
    }

    /// <summary>A request while none was in flight: the controller starts over before the requests that follow are
    /// lent slots (a transfer's first burst). A utility that kept its learned budget from one transfer to the next
    /// was measured no faster than a fresh one, and opening a transfer with that whole budget at once drew 503s from a
    /// rate-limited server where a fresh start drew none.</summary>
    public void OnWaking()
    {
        if (!_lock.TryEnter())
        {
            return;
        }

        try
        {
            long now = _time.GetTimestamp();
            StartWindow(now);
            Volatile.Write(ref _changedAt, now);
            Apply(_controller.Restart(), now);
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>A transfer foresees <paramref name="requests"/> large requests it could run at once
    /// (<see cref="TransferLane.Foresee"/>): at the start, before any window was counted, the budget starts there
    /// (<see cref="ConcurrencyController.Foresee"/>).</summary>
    public void OnForeseen(int requests)
    {
        lock (_lock)
        {
            Apply(_controller.Foresee(requests), _time.GetTimestamp());
        }
    }

    /// <summary>The client saw the endpoint refuse a request (a 503 SlowDown it will retry, <see cref="SlowDownSignal"/>):
    /// the controller cuts the budget. Refusals come in bursts, from the requests sent under the budget before a cut
    /// and retried after it; one cut answers them all, as TCP cuts its window once per window of losses. So a
    /// refusal cuts again only a round trip after the last cut, and once the requests open at that cut have ended (or
    /// <see cref="RefusalCohortRoundTrips"/> round trips later, when one of them is still being retried). The window
    /// in progress is started afresh: it shows requests of the old budget.</summary>
    public void OnRefused()
    {
        lock (_lock)
        {
            long now = _time.GetTimestamp();
            TimeSpan quickest = _controller.QuickestRoundTrip;
            long roundTrip = quickest > TimeSpan.Zero ? Math.Max(1, (long)(quickest.TotalSeconds * _time.TimestampFrequency)) : _minWindowTicks;
            long since = now - Volatile.Read(ref _refusedAt);
            if (Volatile.Read(ref _refusedAt) != long.MinValue
                && (since < roundTrip || (Volatile.Read(ref _openAtRefusal) > 0 && since < RefusalCohortRoundTrips * roundTrip)))
            {
                return;
            }

            int limit = _controller.Refused();
            StartWindow(now);
            Volatile.Write(ref _openAtRefusal, _scheduler.InFlight);
            Volatile.Write(ref _refusedAt, now);
            Volatile.Write(ref _changedAt, now);
            Apply(limit, now);
        }
    }

    /// <summary>A request was answered (its response headers came) <paramref name="waited"/> after it was sent: during
    /// the utility's first contact with its endpoint, a quick answer lets more requests go
    /// (<see cref="ConcurrencyController.Answered"/>).</summary>
    public void OnAnswered(TimeSpan waited)
    {
        lock (_lock)
        {
            if (!_controller.InFirstContact)
            {
                return;
            }

            Apply(_controller.Answered(waited), _time.GetTimestamp());
        }
    }

    /// <summary>The budget the transfers can expect to have soon (<see cref="ConcurrencyController.Expected"/>).</summary>
    public int ExpectedRequests
    {
        get
        {
            lock (_lock)
            {
                return _controller.Expected;
            }
        }
    }

    /// <summary>A request of this utility had no answer within its bound while the endpoint went on answering the
    /// utility's other requests: it waits in the endpoint's queue, behind too many of ours. That is pushback as certain
    /// as a 503 SlowDown, and is answered the same way (<see cref="OnRefused"/>).</summary>
    public void OnCongested() => OnRefused();

    private void Report(long now)
    {
        long since = now - Interlocked.Exchange(ref _lastReport, now);
        if (_scheduler.HasWaitersHint)
        {
            Interlocked.Add(ref _saturatedTicks, since);
        }

        long elapsed = now - Volatile.Read(ref _windowStart);
        if (elapsed >= _maxWindowTicks || (elapsed >= _minWindowTicks && Volatile.Read(ref _requests) >= MinRequests))
        {
            CloseWindow(now);
        }
    }

    private void CloseWindow(long now)
    {
        if (!_lock.TryEnter())
        {
            return;
        }

        try
        {
            long elapsed = now - _windowStart;
            if (elapsed < _minWindowTicks)
            {
                return;
            }

            int samples = Interlocked.Exchange(ref _latencySamples, 0);
            long latencyTicks = Interlocked.Exchange(ref _latencyTicks, 0);
            int pending;
            long pendingAge;
            lock (_pendingLock)
            {
                pending = _pending;
                pendingAge = pending > 0 ? now - (_pendingLentAtSum / pending) : 0;
            }

            var sample = new WindowSample(ToTimeSpan(elapsed), Interlocked.Exchange(ref _bytes, 0), Interlocked.Exchange(ref _requests, 0),
                (double)Interlocked.Exchange(ref _saturatedTicks, 0) / elapsed, samples, samples > 0 ? ToTimeSpan(latencyTicks / samples) : TimeSpan.Zero,
                _latencies.TakeLowerQuartile(), pending, ToTimeSpan(Math.Max(0, pendingAge)));
            _windowStart = now;
            if (elapsed > 2 * _maxWindowTicks)
            {
                // The window spans idle time: its rates say nothing about the budget.
                return;
            }

            Apply(_controller.Next(sample), now);
        }
        finally
        {
            _lock.Exit();
        }
    }

    /// <summary>Moves the scheduler's budget to <paramref name="limit"/> when that changes it, noting when (requests lent
    /// before teach nothing about the new budget's round trip). Called under the lock.</summary>
    private void Apply(int limit, long now)
    {
        if (limit != _scheduler.MaxRequestsInFlight)
        {
            Volatile.Write(ref _changedAt, now);
            _scheduler.SetLimit(limit);
        }
    }

    /// <summary>A new window. Called under the lock.</summary>
    private void StartWindow(long now)
    {
        _windowStart = now;
        Volatile.Write(ref _lastReport, now);
        Interlocked.Exchange(ref _saturatedTicks, 0);
        Interlocked.Exchange(ref _bytes, 0);
        Interlocked.Exchange(ref _requests, 0);
        Interlocked.Exchange(ref _latencySamples, 0);
        Interlocked.Exchange(ref _latencyTicks, 0);
        _latencies.TakeLowerQuartile();
    }

    private TimeSpan ToTimeSpan(long ticks) => TimeSpan.FromSeconds((double)ticks / _time.TimestampFrequency);
}
