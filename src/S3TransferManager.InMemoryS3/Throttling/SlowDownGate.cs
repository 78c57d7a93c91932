using System.Diagnostics;

namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>
/// Admits requests up to a rate and a number in flight, as S3 does per prefix, and turns the rest away (the router
/// answers them 503 SlowDown). The rate is a token bucket holding a tenth of a second of requests, so a short burst
/// passes and a sustained excess does not.
/// </summary>
/// <remarks>Invariant: <see cref="_inFlight"/> counts admitted requests not yet <see cref="Exit"/>ed.</remarks>
internal sealed class SlowDownGate
{
    private readonly Lock _lock = new();

    /// <summary>Requests per second admitted in the long run; 0: no rate limit.</summary>
    private readonly double _ratePerSecond;

    /// <summary>Requests admitted at once at most; 0: no limit.</summary>
    private readonly int _maxInFlight;

    /// <summary>The most tokens the bucket holds.</summary>
    private readonly double _burst;

    /// <summary>Tokens in the bucket at <see cref="_refilledAt"/>. Guarded by <see cref="_lock"/>.</summary>
    private double _tokens;

    /// <summary>When the bucket was last refilled, in <see cref="Stopwatch"/> ticks. Guarded by <see cref="_lock"/>.</summary>
    private long _refilledAt;

    /// <summary>Admitted requests in flight. Guarded by <see cref="_lock"/>.</summary>
    private int _inFlight;

    public SlowDownGate(double ratePerSecond, int maxInFlight)
    {
        _ratePerSecond = ratePerSecond;
        _maxInFlight = maxInFlight;
        _burst = Math.Max(1, ratePerSecond / 10);
        _tokens = _burst;
        _refilledAt = Stopwatch.GetTimestamp();
    }

    /// <summary>Admits one request (call <see cref="Exit"/> when it ends), or false: answer it 503 SlowDown.</summary>
    public bool TryEnter()
    {
        lock (_lock)
        {
            if (_maxInFlight > 0 && _inFlight >= _maxInFlight)
            {
                return false;
            }

            if (_ratePerSecond > 0)
            {
                long now = Stopwatch.GetTimestamp();
                _tokens = Math.Min(_burst, _tokens + ((now - _refilledAt) * _ratePerSecond / Stopwatch.Frequency));
                _refilledAt = now;
                if (_tokens < 1)
                {
                    return false;
                }

                _tokens--;
            }

            _inFlight++;
            return true;
        }
    }

    public void Exit()
    {
        lock (_lock)
        {
            _inFlight--;
        }
    }
}
