namespace S3TransferManager.Events;

/// <summary>
/// Adds up bytes moved by concurrent workers and raises progress one event at a time, so a subscriber sees
/// <see cref="ProgressStep.Transferred"/> strictly increasing. Events are throttled: one is raised only
/// when at least <see cref="MinInterval"/> has passed since the previous one AND at least a byte step (1% of the total,
/// at most <see cref="MaxByteStep"/>; <see cref="MaxByteStep"/> while the total is unknown) has moved since it. The
/// final event, at exactly the total, is always raised. Costs one interlocked add when nobody listens.
/// </summary>
/// <remarks>
/// Why both gates: 100 ms caps a handler at 10 calls a second (a UI repaint, a log line), and 1% keeps a fast or small
/// transfer to at most ~100 events, one per visible step of the percent done. The 16 MiB cap
/// keeps a very large transfer from going silent for minutes between 1% steps (1% of 1 TiB is 10 GiB).
/// </remarks>
internal sealed class ProgressTracker
{
    /// <summary>The shortest time between two events, except before the final one.</summary>
    public static readonly TimeSpan MinInterval = TimeSpan.FromMilliseconds(100);

    /// <summary>The largest byte step: the step for totals above 1.6 GiB, and for unknown totals.</summary>
    public const long MaxByteStep = 16L * 1024 * 1024;

    private readonly Action<ProgressStep>? _raise;
    private readonly TimeProvider _time;

    // Where the automatic request budget learns the bytes every transfer moves; null when the budget is fixed.
    private readonly Scheduling.ConcurrencyTuner? _tuner;
    private readonly Lock _lock = new();

    // Bytes moved so far. Written under _lock when someone listens, with Interlocked otherwise.
    private long _transferred;

    // The transfer's length, or -1 while unknown (a non-seekable stream before its end).
    private long _total = -1;

    // TransferredBytes of the last raised event; -1 before the first. Guarded by _lock.
    private long _reported = -1;

    // When the last event was raised (or the tracker created), in _time's timestamp units. Guarded by _lock.
    private long _reportedAt;

    /// <param name="raise">Raises one event; <see langword="null"/> when nobody listens.</param>
    /// <param name="time">The clock for the time gate; <see cref="TimeProvider.System"/> when null (tests pass a fake).</param>
    /// <param name="tuner">The automatic request budget, told every byte moved; null when the budget is fixed.</param>
    public ProgressTracker(Action<ProgressStep>? raise, TimeProvider? time = null, Scheduling.ConcurrencyTuner? tuner = null)
    {
        _tuner = tuner;
        _raise = raise;
        _time = time ?? TimeProvider.System;
        _reportedAt = _time.GetTimestamp();
    }

    public long TransferredBytes => Interlocked.Read(ref _transferred);

    /// <summary>The transfer's length, or -1 while unknown.</summary>
    public long TotalBytes => Volatile.Read(ref _total);

    public void SetTotal(long totalBytes) => Volatile.Write(ref _total, totalBytes);

    /// <summary>Counts bytes moved, for progress and for the automatic budget's throughput.</summary>
    public void Add(long bytes)
    {
        _tuner?.OnBytes(bytes);
        AddCounted(bytes);
    }

    /// <summary>Counts bytes for progress only: an upload's bytes as they are handed to the connection, which its
    /// socket buffers take in bursts faster than the network moves them (a new connection swallows megabytes at once).
    /// The automatic budget learns from them once S3 has acknowledged them (<see cref="Acknowledged"/>).</summary>
    public void AddSent(long bytes) => AddCounted(bytes);

    /// <summary>Counts bytes an earlier run of a resumed transfer moved, for progress only: they were not moved now.</summary>
    public void AddResumed(long bytes) => AddCounted(bytes);

    /// <summary>Tells the automatic budget that S3 has acknowledged bytes already counted by <see cref="AddSent"/>.</summary>
    public void Acknowledged(long bytes) => _tuner?.OnBytes(bytes);

    private void AddCounted(long bytes)
    {
        if (_raise is null)
        {
            Interlocked.Add(ref _transferred, bytes);
            return;
        }

        lock (_lock)
        {
            _transferred += bytes;
            long total = Volatile.Read(ref _total);
            bool final = total >= 0 && _transferred == total;
            if (final || IsDue(total))
            {
                RaiseLocked(total);
            }
        }
    }

    /// <summary>
    /// Raises the final event if it was held back or never raised: the only event of a transfer that moved no bytes (so
    /// even that one ends at 100%), or the last bytes of one whose total became known too late. Call once, on success.
    /// </summary>
    public void Complete()
    {
        if (_raise is null)
        {
            return;
        }

        lock (_lock)
        {
            if (_reported != _transferred)
            {
                RaiseLocked(Volatile.Read(ref _total));
            }
        }
    }

    private bool IsDue(long total)
    {
        long step = total > 0 ? Math.Clamp(total / 100, 1, MaxByteStep) : MaxByteStep;
        long moved = _transferred - Math.Max(_reported, 0);
        return moved >= step && _time.GetElapsedTime(_reportedAt) >= MinInterval;
    }

    private void RaiseLocked(long total)
    {
        long increment = _transferred - Math.Max(_reported, 0);
        _reported = _transferred;
        _reportedAt = _time.GetTimestamp();
        _raise!(new ProgressStep(increment, _transferred, total));
    }
}
