namespace S3TransferManager.Scheduling;

/// <summary>
/// Decides the budget of requests in flight from windows of aggregate throughput, additive increase and
/// multiplicative decrease (AIMD), between a floor and a ceiling. It grows the budget while that raises the bytes per
/// second of all transfers together, by a quarter at a time; an increase that does not pay for itself (the bytes per
/// request fell) is taken back, and the next probe waits longer. No doubling (slow start): the utility starts where
/// its fixed budget already stands in open requests (<see cref="TransferResources"/>), and doubling from
/// there was measured to overshoot a server that limits its request rate (503s, slower) where quarters did not.
/// Throttling halves the budget; throughput that falls two windows in a row at an unchanged budget (the far side is
/// saturated) steps it back by a quarter.
/// Windows in which nobody waited for a slot teach nothing: the budget was not what limited the transfers.
/// </summary>
/// <remarks>Not thread-safe: the tuner calls it under its lock. Invariant: floor &lt;= <see cref="Limit"/> &lt;= ceiling.
/// Why windows of bytes and not per-request times: a request's time mixes its size, the server's first-byte latency and
/// the client's own pace; the bytes every transfer moved in a window are what the user waits for.</remarks>
internal sealed class ConcurrencyController
{
    /// <summary>How much an increase must raise throughput to be kept.</summary>
    internal const double MinGain = 0.1;

    /// <summary>How far throughput may fall at an unchanged budget before it is stepped back.</summary>
    internal const double MaxDrop = 0.3;

    /// <summary>A window counts when requests waited for a slot during at least this share of it.</summary>
    internal const double MinSaturatedShare = 0.5;

    /// <summary>Windows to wait before probing again after a step back; after a probe that did not pay, it doubles
    /// with each such probe, up to <see cref="MaxHold"/>.</summary>
    internal const int MinHold = 4;

    /// <summary>The longest wait between probes: 1.6 s of 100 ms windows.</summary>
    internal const int MaxHold = 16;

    private readonly int _initial;
    private readonly int _floor;
    private readonly int _ceiling;

    /// <summary>The last increase waits for its verdict from the next counted window.</summary>
    private bool _probing;

    /// <summary>The window after a change is skipped: new connections still wait for their first bytes in it.</summary>
    private bool _settling;

    /// <summary>The budget before the probe in progress, to go back to.</summary>
    private int _beforeProbe;

    /// <summary>Throughput at the current budget in bytes per second, smoothed; 0: not measured yet.</summary>
    private double _baseline;

    /// <summary>Counted windows in a row whose throughput fell below the baseline by more than <see cref="MaxDrop"/>.</summary>
    private int _drops;

    /// <summary>Counted windows left before the next probe.</summary>
    private int _hold;

    /// <summary>The wait after the next step back.</summary>
    private int _holdLength = MinHold;

    /// <param name="initial">The budget to start from.</param>
    /// <param name="floor">The least budget, at least 1.</param>
    /// <param name="ceiling">The greatest budget, at least <paramref name="floor"/>.</param>
    public ConcurrencyController(int initial, int floor, int ceiling)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(floor, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(ceiling, floor);
        _floor = floor;
        _ceiling = ceiling;
        _initial = Math.Clamp(initial, floor, ceiling);
        Limit = _initial;
    }

    /// <summary>The budget now.</summary>
    public int Limit { get; private set; }

    /// <summary>Learns from one window and returns the budget for the next.</summary>
    public int Next(ThroughputSample sample)
    {
        if (_settling)
        {
            // Even its throttling: those requests were sent before the change (at most one cut per two windows).
            _settling = false;
            return Limit;
        }

        if (sample.Throttled > 0)
        {
            // Halved, then growing again after the shortest wait: against a server that limits its request rate the
            // budget saws between the rate and half of it instead of settling at the floor.
            StepBack(Limit / 2, MinHold);
            return Limit;
        }

        if (sample.Bytes <= 0 || sample.Elapsed <= TimeSpan.Zero || sample.SaturatedShare < MinSaturatedShare)
        {
            // The budget did not hold anyone back: a probe in progress is inconclusive, and stays.
            _probing = false;
            return Limit;
        }

        double rate = sample.Bytes / sample.Elapsed.TotalSeconds;
        if (_probing)
        {
            _probing = false;
            if (rate >= _baseline * (1 + MinGain))
            {
                _baseline = rate;
                _holdLength = MinHold;
                Grow();
            }
            else
            {
                // More requests, no more bytes: each request moved less. Back to where it was, and probe later.
                _holdLength = Math.Min(MaxHold, _holdLength * 2);
                StepBack(_beforeProbe, _holdLength);
            }

            return Limit;
        }

        if (_baseline > 0 && rate < _baseline * (1 - MaxDrop))
        {
            // Two windows in a row: on a shared machine one window of a latency-bound transfer dips that far by chance.
            if (++_drops >= 2)
            {
                StepBack(Limit - Math.Max(1, Limit / 4), _holdLength);
            }

            return Limit;
        }

        _drops = 0;

        _baseline = _baseline == 0 ? rate : (_baseline + rate) / 2;
        if (_hold > 0)
        {
            _hold--;
        }
        else if (Limit < _ceiling)
        {
            Grow();
        }

        return Limit;
    }

    /// <summary>
    /// Starts over after the utility had nothing in flight: the budget goes back to where it started (if above),
    /// growing again while that pays. What was learned may be stale, and a burst of the old budget's requests at once
    /// is what a server that limits its request rate throttles (TCP restarts its window after idle for the same
    /// reason). The wait after probes that did not pay starts over too: every transfer's tail looks like a probe that
    /// did not pay, so a kept wait left a utility used for one big transfer after another probing once in 1.6 s (a
    /// 1 GiB download 2.31x the SDK against 3.15x on a fresh utility, benchmarks/results/2026-11-23-uploads-early-start-and-the-10-connection-ceiling.md).
    /// </summary>
    /// <returns>The budget now.</returns>
    public int Restart()
    {
        Limit = Math.Min(Limit, _initial);
        _probing = false;
        _settling = false;
        _baseline = 0;
        _hold = 0;
        _holdLength = MinHold;
        return Limit;
    }

    private void Grow()
    {
        _beforeProbe = Limit;
        Limit = Math.Min(_ceiling, Limit + Math.Max(1, Limit / 4));
        _probing = Limit != _beforeProbe;
        _settling = _probing;
    }

    private void StepBack(int limit, int hold)
    {
        Limit = Math.Clamp(limit, _floor, _ceiling);
        _probing = false;
        _settling = true;
        _baseline = 0;
        _drops = 0;
        _hold = hold;
    }
}
