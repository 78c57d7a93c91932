namespace S3TransferManager.Requests;

/// <summary>
/// Ends an operation on a part's body (a read, or the request for it) that makes no progress for the stall timeout,
/// so a connection that just stops sending (no reset, no FIN) is resumed like a cut-off body instead of being waited
/// on forever: the HTTP client's timeout covers the response headers, not a streamed body. The clock runs only while
/// an operation is pending, so a reader that pauses (OpenStream at the caller's pace) is never taken for a stall.
/// </summary>
/// <remarks>Not thread-safe: one body, one pending operation at a time. Invariant: between <see cref="Arm(CancellationToken, TimeSpan)"/> and
/// <see cref="Disarm"/> the source's timer is set and the caller's token, if cancelable, is linked to it.</remarks>
internal sealed class StallGuard : IDisposable
{
    private readonly TimeSpan _timeout;
    private readonly TimeProvider _timeProvider;
    private CancellationTokenSource? _source;
    private CancellationTokenRegistration _callerLink;

    public StallGuard(TimeSpan timeout, TimeProvider timeProvider)
    {
        _timeout = timeout;
        _timeProvider = timeProvider;
    }

    /// <summary>Starts the clock for one operation; returns the token it must use (the caller's when stalls are not
    /// detected).</summary>
    public CancellationToken Arm(CancellationToken callerToken) => Arm(callerToken, _timeout);

    /// <summary>Starts the clock for one operation with a bound of its own (a request's answer, learned from the
    /// utility's answers); returns the token it must use (the caller's when stalls are not detected).</summary>
    public CancellationToken Arm(CancellationToken callerToken, TimeSpan timeout)
    {
        if (_timeout == Timeout.InfiniteTimeSpan || timeout == Timeout.InfiniteTimeSpan)
        {
            return callerToken;
        }

        if (_source is null || _source.IsCancellationRequested)
        {
            // One timer per body, re-armed for each read; only a fired one is replaced.
            _source?.Dispose();
            _source = new CancellationTokenSource(Timeout.InfiniteTimeSpan, _timeProvider);
        }

        _source.CancelAfter(timeout);
        if (callerToken.CanBeCanceled)
        {
            _callerLink = callerToken.UnsafeRegister(static source => ((CancellationTokenSource)source!).Cancel(), _source);
        }

        return _source.Token;
    }

    /// <summary>Stops the clock after the operation ended, however it ended.</summary>
    public void Disarm()
    {
        _callerLink.Dispose();
        _callerLink = default;
        if (_source is { IsCancellationRequested: false } source)
        {
            source.CancelAfter(Timeout.InfiniteTimeSpan);
        }
    }

    /// <summary>Whether an operation canceled with <paramref name="operationToken"/> was ended by the clock rather than
    /// by the caller.</summary>
    public static bool Stalled(CancellationToken operationToken, CancellationToken callerToken) =>
        operationToken.IsCancellationRequested && !callerToken.IsCancellationRequested;

    public void Dispose()
    {
        _callerLink.Dispose();
        _source?.Dispose();
        _source = null;
    }
}
