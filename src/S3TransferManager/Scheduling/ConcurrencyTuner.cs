using Amazon.S3;

namespace S3TransferManager.Scheduling;

/// <summary>
/// Adaptive concurrency (<see cref="TransferUtilityConfig.MaxConcurrentServiceRequests"/>): adds up the bytes every
/// transfer of a utility moves, in windows, and at the end of each lets the <see cref="ConcurrencyController"/> move the
/// <see cref="RequestScheduler"/>'s budget; when a request comes while none was in flight, it restarts
/// (<see cref="ConcurrencyController.Restart"/>) before that burst of requests. Throttling responses (503 SlowDown, 429) are learned from the HTTP client's
/// metrics (<see cref="ThrottleListener"/>), each attempt the SDK retries included. No timer: a window is closed by the first report
/// after it ends, so an idle utility costs nothing, and a window that spans idle time is dropped.
/// </summary>
/// <remarks>Invariant: the controller and <see cref="_windowStart"/> are touched only under <see cref="_lock"/>, taken
/// with TryEnter so a report never waits for another's evaluation.</remarks>
internal sealed class ConcurrencyTuner : IDisposable
{
    /// <summary>Guards the controller and the window's start.</summary>
    private readonly Lock _lock = new();
    private readonly RequestScheduler _scheduler;
    private readonly ConcurrencyController _controller;
    private readonly TimeProvider _time;

    /// <summary>A window's length, in <see cref="_time"/>'s timestamp units.</summary>
    private readonly long _windowTicks;

    /// <summary>Sees the endpoint's throttling responses; null before <see cref="Watch"/> or when the endpoint is unknown.</summary>
    private ThrottleListener? _throttles;

    /// <summary>When the current window started. Guarded by <see cref="_lock"/>.</summary>
    private long _windowStart;

    /// <summary>The last report's time, for <see cref="_saturatedTicks"/>.</summary>
    private long _lastReport;

    /// <summary>Bytes moved in the current window.</summary>
    private long _bytes;

    /// <summary>Time of the current window during which requests waited for a slot (sampled at each report).</summary>
    private long _saturatedTicks;

    /// <summary>Throttling errors in the current window.</summary>
    private int _throttled;

    public ConcurrencyTuner(RequestScheduler scheduler, ConcurrencyController controller, TimeProvider time, TimeSpan window)
    {
        _scheduler = scheduler;
        _controller = controller;
        _time = time;
        _windowTicks = Math.Max(1, (long)(window.TotalSeconds * time.TimestampFrequency));
        _windowStart = _lastReport = time.GetTimestamp();
    }

    /// <summary>Watches the responses of <paramref name="client"/>'s endpoint for throttling, until disposed.</summary>
    public void Watch(IAmazonS3 client) => _throttles = ThrottleListener.Start(client, OnThrottled);

    /// <summary>Counts bytes a transfer moved; closes the window when it is over.</summary>
    public void OnBytes(long bytes)
    {
        Interlocked.Add(ref _bytes, bytes);
        long now = _time.GetTimestamp();
        long since = now - Interlocked.Exchange(ref _lastReport, now);
        if (_scheduler.HasWaitersHint)
        {
            Interlocked.Add(ref _saturatedTicks, since);
        }

        if (now - Volatile.Read(ref _windowStart) >= _windowTicks)
        {
            CloseWindow(now);
        }
    }

    /// <summary>A request while none was in flight: the controller starts over before the requests that follow are
    /// lent slots (a transfer's first burst). Measured both ways: a utility that kept its learned budget from one
    /// transfer to the next was no faster than a fresh one (BenchmarkDotNet: 568 ms against 429 ms for 256 MiB), and
    /// opening a transfer with that whole budget at once drew 503s from a rate-limited server where a fresh start drew
    /// none.</summary>
    public void OnWaking() => Restart(_time.GetTimestamp());

    /// <summary>Counts a throttling error; the budget is halved when the window closes.</summary>
    public void OnThrottled()
    {
        Interlocked.Increment(ref _throttled);
        long now = _time.GetTimestamp();
        if (now - Volatile.Read(ref _windowStart) >= _windowTicks)
        {
            CloseWindow(now);
        }
    }

    public void Dispose() => Interlocked.Exchange(ref _throttles, null)?.Dispose();

    /// <summary>A new window, and the controller starts over.</summary>
    private void Restart(long now)
    {
        if (!_lock.TryEnter())
        {
            return;
        }

        try
        {
            _windowStart = now;
            Volatile.Write(ref _lastReport, now);
            Interlocked.Exchange(ref _saturatedTicks, 0);
            Interlocked.Exchange(ref _bytes, 0);
            int limit = _controller.Restart();
            if (limit != _scheduler.MaxRequestsInFlight)
            {
                _scheduler.SetLimit(limit);
            }
        }
        finally
        {
            _lock.Exit();
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
            if (elapsed < _windowTicks)
            {
                return;
            }

            _windowStart = now;
            var sample = new ThroughputSample(Interlocked.Exchange(ref _bytes, 0), TimeSpan.FromSeconds((double)elapsed / _time.TimestampFrequency),
                (double)Interlocked.Exchange(ref _saturatedTicks, 0) / elapsed, Interlocked.Exchange(ref _throttled, 0));
            if (elapsed > 4 * _windowTicks && sample.Throttled == 0)
            {
                // The window spans idle time: its rate says nothing about the budget.
                return;
            }

            int limit = _controller.Next(sample);
            if (limit != _scheduler.MaxRequestsInFlight)
            {
                _scheduler.SetLimit(limit);
            }
        }
        finally
        {
            _lock.Exit();
        }
    }
}
