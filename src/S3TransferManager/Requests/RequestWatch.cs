namespace S3TransferManager.Requests;

/// <summary>
/// Watches one attempt of one request and cancels it when it stalls. While its body is being sent: when no byte was
/// handed to the connection for the send bound. Once the body is sent (at once, for a request without one): when no
/// answer came within the answer bound, counted from the last byte handed over, and lengthened by the time the body
/// took to send (its last bytes may still be in the connection's buffers, which drain at that pace). The answer bound
/// is learned (<see cref="AnswerTimes"/>) or fixed. A cancelled attempt's connection is closed by the HTTP client, so
/// the next attempt goes out on another one.
/// </summary>
/// <remarks>
/// One timer at a time, set again only when the phase changes or when it fires before the deadline (a read writes a
/// timestamp; it sets no timer), so watching costs a clock read per read. The phase moves Sending -&gt; Waiting on <see cref="Sent"/>, back to Sending
/// when the client sends the body again (its own retry), and to Over once, when the attempt stalled, answered, or
/// was abandoned. Timer changes and the move to Over are made under <see cref="_gate"/>; reads only touch
/// <see cref="_lastProgressAt"/> and may move Waiting back to Sending.
/// </remarks>
internal sealed class RequestWatch : IDisposable
{
    private const int Sending = 0;
    private const int Waiting = 1;
    private const int Over = 2;

    private readonly Lock _gate = new();
    private readonly TimeProvider _time;

    /// <summary>How long the body may go without a byte handed over; infinite: not watched.</summary>
    private readonly TimeSpan _sendBound;

    /// <summary>Where the answer bound is learned, and where an answer's time is recorded; null: <see cref="_fixedAnswerBound"/>.</summary>
    private readonly AnswerTimes? _answers;
    private readonly TimeSpan _fixedAnswerBound;

    /// <summary>The body's length, which scales the learned bound.</summary>
    private readonly long _bytes;

    /// <summary>Told of the body's progress: the endpoint takes bytes (null: nobody).</summary>
    private readonly EndpointActivity? _activity;

    private readonly CancellationTokenSource _cancel;
    private readonly long _startedAt;
    private ITimer? _timer;

    /// <summary>When the last byte of the body was handed over (or the request started, without one).</summary>
    private long _sentAt;

    /// <summary>When a byte of the body was last handed over. Written by reads, without the lock.</summary>
    private long _lastProgressAt;

    /// <summary>The answer bound of the current wait.</summary>
    private TimeSpan _answerBound;

    private int _phase;

    /// <summary>Completed on the first <see cref="Sent"/>; made only when asked for (<see cref="WhenSent"/>).</summary>
    private TaskCompletionSource? _sent;

    /// <param name="time">The clock.</param>
    /// <param name="sendBound">How long the body may go without progress; <see cref="Timeout.InfiniteTimeSpan"/>: never stalls.</param>
    /// <param name="answers">The learned answer bound, and where the answer's time is recorded; null: <paramref name="fixedAnswerBound"/>.</param>
    /// <param name="fixedAnswerBound">The answer bound when none is learned; infinite: the answer is not watched.</param>
    /// <param name="bytes">The body's length (0: no body, the wait for the answer starts at once).</param>
    /// <param name="callerToken">Cancels the attempt too.</param>
    /// <param name="activity">Told of the body's progress; null: nobody.</param>
    public RequestWatch(TimeProvider time, TimeSpan sendBound, AnswerTimes? answers, TimeSpan fixedAnswerBound, long bytes, CancellationToken callerToken,
        EndpointActivity? activity = null)
    {
        _time = time;
        _activity = activity;
        _sendBound = sendBound;
        _answers = answers;
        _fixedAnswerBound = fixedAnswerBound;
        _bytes = bytes;
        _cancel = CancellationTokenSource.CreateLinkedTokenSource(callerToken);
        _startedAt = _lastProgressAt = time.GetTimestamp();
        lock (_gate)
        {
            if (bytes > 0)
            {
                Arm(_sendBound);
            }
            else
            {
                StartWaiting(_startedAt);
            }
        }
    }

    /// <summary>The attempt's token: canceled by a stall, by <see cref="Abandon"/>, or by the caller.</summary>
    public CancellationToken Token => _cancel.Token;

    /// <summary>Whether the watch canceled the attempt because it stalled.</summary>
    public bool HasStalled { get; private set; }

    /// <summary>Whether the stall came while the body was being sent (false: while waiting for the answer).</summary>
    public bool StalledWhileSending { get; private set; }

    /// <summary>How long the attempt had gone without progress when it was given up.</summary>
    public TimeSpan StalledFor { get; private set; }

    /// <summary>Since when the attempt has made no progress of its own (a timestamp of the watch's clock): the last byte
    /// of its body handed over, or the start of its wait for the answer. Another request's progress after it shows the
    /// endpoint alive (<see cref="EndpointActivity.AnsweredOthersSince"/>).</summary>
    public long QuietSince
    {
        get
        {
            lock (_gate)
            {
                long progress = Volatile.Read(ref _lastProgressAt);
                return _sentAt > progress ? _sentAt : progress;
            }
        }
    }

    /// <summary>The answer bound of the current (or last) wait; zero while the body is still being sent.</summary>
    public TimeSpan AnswerBound
    {
        get
        {
            lock (_gate)
            {
                return _answerBound;
            }
        }
    }

    /// <summary>A byte of the body was handed over (or read, to be signed).</summary>
    public void Progress()
    {
        long now = _time.GetTimestamp();
        Volatile.Write(ref _lastProgressAt, now);
        _activity?.Moved(now);
        if (Volatile.Read(ref _phase) == Waiting)
        {
            // The client sends the body again (its own retry after an error answer): watched as a send again. The
            // armed wait may end first; the check then re-arms for the send.
            Interlocked.CompareExchange(ref _phase, Sending, Waiting);
        }
    }

    /// <summary>The body's last byte was handed over: from now on the attempt waits for its answer.</summary>
    public void Sent()
    {
        TaskCompletionSource? sent;
        lock (_gate)
        {
            if (_phase == Over)
            {
                return;
            }

            StartWaiting(_time.GetTimestamp());
            sent = _sent;
        }

        sent?.TrySetResult();
    }

    /// <summary>Completes when the body was sent and the attempt waits for its answer (never, if it does not get there).</summary>
    public Task WhenSent()
    {
        lock (_gate)
        {
            if (_phase == Waiting)
            {
                return Task.CompletedTask;
            }

            _sent ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            return _sent.Task;
        }
    }

    /// <summary>The attempt answered: stops watching and, when the answer bound is learned, records how long the
    /// answer took after the body was sent. Nothing is recorded for an attempt that stalled or was abandoned.</summary>
    public void Answered()
    {
        long now = _time.GetTimestamp();
        bool record;
        lock (_gate)
        {
            record = _phase == Waiting;
            _phase = Over;
            DisposeTimer();
        }

        if (record)
        {
            _answers?.Record(_time.GetElapsedTime(_sentAt, now), _bytes);
        }
    }

    /// <summary>Cancels the attempt without calling it a stall (a hedge that lost, say).</summary>
    public void Abandon()
    {
        lock (_gate)
        {
            _phase = Over;
            DisposeTimer();
        }

        TryCancel();
    }

    public void Dispose()
    {
        lock (_gate)
        {
            _phase = Over;
            DisposeTimer();
        }

        _cancel.Dispose();
    }

    /// <summary>Starts (or restarts) the wait for the answer at <paramref name="now"/>. Called under the lock.</summary>
    private void StartWaiting(long now)
    {
        TimeSpan bound = _answers?.StallBound(_bytes) ?? _fixedAnswerBound;
        if (bound != Timeout.InfiniteTimeSpan && _bytes > 0)
        {
            bound += _time.GetElapsedTime(_startedAt, now);
        }

        _sentAt = now;
        _answerBound = bound;
        Volatile.Write(ref _phase, Waiting);
        Arm(bound);
    }

    /// <summary>Sets the timer to fire after <paramref name="due"/>; nothing when infinite. Called under the lock.</summary>
    private void Arm(TimeSpan due)
    {
        if (due == Timeout.InfiniteTimeSpan)
        {
            return;
        }

        // A new timer rather than a change of the old one: at most a few per attempt (the send, the wait, a re-arm
        // after progress), and a test's clock sees each deadline as it is set.
        DisposeTimer();
        _timer = _time.CreateTimer(static state => ((RequestWatch)state!).Check(), this, due, Timeout.InfiniteTimeSpan);
    }

    private void Check()
    {
        bool stalled = false;
        lock (_gate)
        {
            int phase = _phase;
            if (phase == Over)
            {
                return;
            }

            long now = _time.GetTimestamp();
            (TimeSpan silent, TimeSpan bound) = phase == Sending
                ? (_time.GetElapsedTime(Volatile.Read(ref _lastProgressAt), now), _sendBound)
                : (_time.GetElapsedTime(_sentAt, now), _answerBound);
            if (bound == Timeout.InfiniteTimeSpan)
            {
                return;
            }

            if (silent < bound)
            {
                Arm(bound - silent);
                return;
            }

            _phase = Over;
            HasStalled = true;
            StalledWhileSending = phase == Sending;
            StalledFor = silent;
            DisposeTimer();
            stalled = true;
        }

        if (stalled)
        {
            TryCancel();
        }
    }

    /// <summary>Cancels the attempt's token; a watch disposed meanwhile (the attempt ended) has nothing left to cancel.
    /// Runs on the timer's thread too, where an exception would end the process.</summary>
    private void TryCancel()
    {
        try
        {
            _cancel.Cancel();
        }
        catch (ObjectDisposedException)
        {
        }
    }

    private void DisposeTimer()
    {
        _timer?.Dispose();
        _timer = null;
    }
}
