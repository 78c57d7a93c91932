namespace S3TransferManager.Cli.Output;

/// <summary>
/// One transfer's progress as the displays show it. Fed by the library's progress events (raised one at a time) and by
/// the CLI's own observations (the end of stdin), read by a renderer on another thread. It claims no more than it
/// knows: a share only for a final total (<see cref="ProgressKind"/>), and completing only once every byte of a
/// multipart upload is sent.
/// </summary>
internal sealed class TransferProgress
{
    /// <summary>How far back the speed looks: smooths the library's ~10 events a second, follows a change in seconds,
    /// and falls when nothing moves.</summary>
    private static readonly TimeSpan SpeedWindow = TimeSpan.FromSeconds(3);

    private readonly ProgressKind _kind;
    private readonly TimeProvider _time;
    private readonly long _startedAt;

    // Whether the total given at the start is the upload's length (a file), so a share is true from the start.
    private readonly bool _uploadLengthKnown;

    // The smallest upload the library sends in parts: a smaller one is one PutObject, whose bytes the library counts
    // only once S3 has answered, so it never waits after its last byte.
    private readonly long _multipartFrom;
    private readonly Lock _gate = new();

    // Reports of the last SpeedWindow, as (timestamp, bytes done), oldest first. Guarded by _gate.
    private readonly Queue<(long At, long Bytes)> _samples = new();

    // The newest report older than the window (the start at first): what the speed is measured from. Guarded by _gate.
    private (long At, long Bytes) _baseline;

    // Whether any report came, bytes moved, the total (-1 while unknown), the phase, and when it ended (0 before).
    // Guarded by _gate.
    private bool _reported;
    private long _done;
    private long _total;
    private ProgressPhase _phase;
    private long _endedAt;

    /// <param name="kind">What the transfer is shown as.</param>
    /// <param name="total">The length when known at the start, else -1.</param>
    /// <param name="time">The clock.</param>
    /// <param name="multipartFrom">For an upload, the size from which the library uploads in parts (and so completes).</param>
    public TransferProgress(ProgressKind kind, long total, TimeProvider time, long multipartFrom = 0)
    {
        _kind = kind;
        _multipartFrom = multipartFrom;
        _time = time;
        _total = total;
        _uploadLengthKnown = kind == ProgressKind.Upload && total >= 0;
        _startedAt = time.GetTimestamp();
        _baseline = (_startedAt, 0);
    }

    /// <summary>Called after every change, outside the lock, with whether to show it now: on the first report and
    /// when the phase changes, so the first bytes and a new phase show at once, not a frame later. Set before the
    /// transfer starts.</summary>
    public Action<bool>? Changed { get; set; }

    /// <summary>A progress event: bytes moved so far, and the total or -1 while unknown.</summary>
    public void Report(long done, long total)
    {
        bool showNow;
        lock (_gate)
        {
            if (_phase == ProgressPhase.Done)
            {
                return;
            }

            showNow = !_reported;
            _reported = true;
            _done = done;
            if (total >= 0)
            {
                _total = total;
            }

            long now = _time.GetTimestamp();
            _samples.Enqueue((now, done));
            Trim(now);
            showNow |= UpdatePhaseLocked();
        }

        Changed?.Invoke(showNow);
    }

    /// <summary>The source was read to its end (stdin): its length is the upload's total. When every byte of it was
    /// already reported sent, the upload is completing, even if no later event says so.</summary>
    public void SourceEnded(long length)
    {
        bool phaseChanged;
        lock (_gate)
        {
            _total = length;
            phaseChanged = UpdatePhaseLocked();
        }

        Changed?.Invoke(phaseChanged);
    }

    /// <summary>The transfer returned successfully.</summary>
    public void Finish()
    {
        lock (_gate)
        {
            _phase = ProgressPhase.Done;
            _endedAt = _time.GetTimestamp();
        }

        Changed?.Invoke(true);
    }

    public ProgressSnapshot Snapshot()
    {
        lock (_gate)
        {
            long now = _phase == ProgressPhase.Done ? _endedAt : _time.GetTimestamp();
            TimeSpan elapsed = _time.GetElapsedTime(_startedAt, now);
            double speed;
            if (_phase == ProgressPhase.Done)
            {
                speed = elapsed > TimeSpan.Zero ? _done / elapsed.TotalSeconds : 0;
            }
            else
            {
                Trim(now);
                TimeSpan span = _time.GetElapsedTime(_baseline.At, now);
                speed = span > TimeSpan.Zero ? Math.Max(0, _done - _baseline.Bytes) / span.TotalSeconds : 0;
            }

            return new ProgressSnapshot(_phase, _done, _total, ShowsShareLocked(), speed, elapsed);
        }
    }

    private bool ShowsShareLocked() => _kind switch
    {
        ProgressKind.Upload => _uploadLengthKnown,
        ProgressKind.Download => _total > 0,
        _ => false,
    };

    private bool UpdatePhaseLocked()
    {
        ProgressPhase phase = _kind == ProgressKind.Upload && _total >= 0 && _done >= _total && _total >= _multipartFrom
            ? ProgressPhase.Completing
            : ProgressPhase.Sending;
        if (_phase == ProgressPhase.Done || phase == _phase)
        {
            return false;
        }

        _phase = phase;
        return true;
    }

    /// <summary>Moves the baseline up to the newest report older than the window, so the speed spans about the window.</summary>
    private void Trim(long now)
    {
        while (_samples.Count > 0 && _time.GetElapsedTime(_samples.Peek().At, now) >= SpeedWindow)
        {
            _baseline = _samples.Dequeue();
        }
    }
}
