namespace S3TransferManager.Scheduling;

/// <summary>
/// Decides the budget of requests in flight, between a floor and a ceiling, from windows of what every transfer of
/// the utility did: additive increase while more requests pay, multiplicative decrease when the endpoint pushes back.
/// <list type="bullet">
/// <item>Pushback is seen in the time small requests take: a request the endpoint queues, or turns away with 503
/// SlowDown and the client retries after a backoff, takes several round trips instead of one. When the small requests
/// of <see cref="PushbackWindows"/> windows in a row took more than <see cref="PushbackRatio"/> times the quick round
/// trip (a window's lower quartile, the quickest since the start) on average, or none ended and those open have waited
/// that long on average, the budget is cut to what carries the rate the endpoint accepted (Little's law: requests at
/// once = rate x round trip, so the budget x quick / mean), with a quarter of <see cref="Headroom"/>: the requests
/// offered come down to what it accepts, not far below it. Only requests lent since the budget last changed count:
/// those lent before answer for the old budget.</item>
/// <item>Growth: while nothing pushes back and requests waited for a slot, the budget grows; an increase that does
/// not raise the bytes or the requests per second by a tenth is taken back, and the next probe waits longer. It
/// doubles while small requests show the round trip (they would show an overshoot one window later), nothing has
/// pushed back since the start (or the last start over) and the budget is below where the endpoint last pushed back;
/// otherwise it grows by a quarter.</item>
/// <item>A 503 SlowDown the client reports as it happens (<see cref="Refused"/>) is certain pushback, unlike a
/// stretched time: the budget is cut by <see cref="RefusalCut"/>, below the floor if need be (down to
/// <see cref="RefusalFloor"/>), doubles no more above where it was cut, and holds still for
/// <see cref="RefusalHold"/> window after the one that settles the cut. The tuner passes on at most one refusal per
/// round trip and per flight of requests, as TCP cuts its window once per window of losses.</item>
/// <item>Throughput that falls by nearly a third two windows in a row at an unchanged budget (the far side is
/// saturated) steps it back by a quarter.</item>
/// </list>
/// Windows in which nobody waited for a slot teach growth nothing: the budget was not what limited the transfers.
/// <para>First contact: a utility's first requests to its endpoint may start from a few
/// (<see cref="RequestBudget.FirstContactStart"/>) rather than the initial budget, and each answer that comes as
/// quickly as the quickest so far lets <see cref="GrowthPerQuickAnswer"/> more go, up to the initial budget (or what a
/// transfer foresees, <see cref="Foresee"/>): about a round trip to the full start on an endpoint that answers every
/// request at once. The first slow answer (over <see cref="PushbackRatio"/> times the quickest, plus
/// <see cref="LatencySlack"/>) shows requests waiting at the endpoint: growth stops there, and that budget is remembered
/// as the endpoint's pushback. A server that serves a few requests at a time and queues the rest then never sees more
/// of this utility's requests than it answered quickly.</para>
/// </summary>
/// <remarks>Not thread-safe: the tuner calls it under its lock. Invariant: <see cref="RefusalFloor"/> (or the floor,
/// when lower) &lt;= <see cref="Limit"/> &lt;= ceiling, and <see cref="Limit"/> is below the floor only after a
/// refusal or from a first contact that stopped growing there.</remarks>
internal sealed class ConcurrencyController
{
    /// <summary>How much an increase must raise throughput to be kept.</summary>
    internal const double MinGain = 0.1;

    /// <summary>How far throughput may fall at an unchanged budget before it is stepped back.</summary>
    internal const double MaxDrop = 0.3;

    /// <summary>A window counts for growth when requests waited for a slot during at least this share of it.</summary>
    internal const double MinSaturatedShare = 0.5;

    /// <summary>Windows to wait before probing again after a step back; after a probe that did not pay, it doubles
    /// with each such probe, up to <see cref="MaxHold"/>.</summary>
    internal const int MinHold = 4;

    /// <summary>The longest wait between probes, in windows.</summary>
    internal const int MaxHold = 16;

    /// <summary>The fewest small requests whose times say anything about the round trip.</summary>
    internal const int MinLatencySamples = 4;

    /// <summary>Small requests that take this many times the quick round trip on average (plus
    /// <see cref="LatencySlack"/>) are pushback: a busy client or a fuller link stretches a round trip by less.</summary>
    internal const double PushbackRatio = 2;

    /// <summary>Stretched windows in a row that make pushback (<see cref="Pushback"/>), as two windows in a row of
    /// falling throughput make a step back (<see cref="MaxDrop"/>).</summary>
    internal const int PushbackWindows = 2;

    /// <summary>What a cut leaves above the rate the endpoint accepted, so that the budget still carries it when the
    /// quick round trip was a lucky window's.</summary>
    internal const double Headroom = 1.25;

    /// <summary>What a reported refusal leaves of the budget.</summary>
    internal const double RefusalCut = 0.7;

    /// <summary>The least a reported refusal cuts the budget to. The floor of the latency-read pushback guards against
    /// a busy client's stretched times; a 503 the endpoint sent is no misreading, and an endpoint that accepts 200
    /// requests a second at 20 ms each is carried by 4 at once.</summary>
    internal const int RefusalFloor = 4;

    /// <summary>Counted windows growth waits after a cut for a refusal (after the window that settles it).</summary>
    internal const int RefusalHold = 1;

    /// <summary>The requests each quick answer lets go during first contact: the budget about quadruples per round trip
    /// (TCP's slow start doubles, adding one per acknowledgement), so a start of 8 reaches 32 in one round trip.</summary>
    internal const int GrowthPerQuickAnswer = 3;

    /// <summary>Added to the pushback threshold, so that on a link of a millisecond's round trip a few milliseconds of
    /// scheduling noise on a busy machine do not look like pushback.</summary>
    internal static readonly TimeSpan LatencySlack = TimeSpan.FromMilliseconds(5);

    private readonly int _initial;
    private readonly int _floor;
    private readonly int _ceiling;

    /// <summary>The last increase waits for its verdict from the next counted window.</summary>
    private bool _probing;

    /// <summary>The window after a change is skipped: it still shows requests sent under the budget before.</summary>
    private bool _settling;

    /// <summary>Whether growth may still double: nothing pushed back and no probe failed since the start.</summary>
    private bool _doubling = true;

    /// <summary>The budget at which the endpoint last pushed back (the ceiling before it ever did): growth doubles only
    /// below it, so a transfer that starts over after idle does not overshoot a throttled endpoint again. Kept across
    /// <see cref="Restart"/>, as TCP keeps its slow-start threshold.</summary>
    private int _doublingBelow;

    /// <summary>What the endpoint's last pushback (a refusal, or requests stretched to several round trips) left the
    /// budget at; the ceiling before it ever pushed back. <see cref="Foresee"/> starts no higher: a transfer whose
    /// parts drew refusals from a rate-limited endpoint at one start must not draw them again at the next. Kept across
    /// <see cref="Restart"/>.</summary>
    private int _pushedBackTo;

    /// <summary>Whether a window was counted or a refusal heard since the start (or the last start over): from then on
    /// the budget is what the feedback made it, and <see cref="Foresee"/> no longer raises it.</summary>
    private bool _learned;

    /// <summary>Whether the utility's first contact with its endpoint is still growing on quick answers
    /// (<see cref="Answered"/>); once over, never again.</summary>
    private bool _firstContact;

    /// <summary>Where first contact may grow to: the initial budget, or what a transfer foresees.</summary>
    private int _firstContactTarget;

    /// <summary>The quickest answer seen during first contact; zero: none yet.</summary>
    private TimeSpan _quickestAnswer;

    /// <summary>The budget before the probe in progress, to go back to.</summary>
    private int _beforeProbe;

    /// <summary>Throughput at the current budget, smoothed: bytes and requests per second; 0: not measured yet.</summary>
    private double _bytesRate;
    private double _requestRate;

    /// <summary>The quickest window's lower quartile of small requests' times since the start; zero: none yet.</summary>
    private TimeSpan _quickest;

    /// <summary>Counted windows in a row whose throughput fell below the baseline by more than <see cref="MaxDrop"/>.</summary>
    private int _drops;

    /// <summary>Counted windows in a row whose small requests were stretched (<see cref="Pushback"/>).</summary>
    private int _stretches;

    /// <summary>Counted windows left before the next probe.</summary>
    private int _hold;

    /// <summary>The wait after the next step back.</summary>
    private int _holdLength = MinHold;

    /// <param name="initial">The budget to start from, and to start over from after idle.</param>
    /// <param name="floor">The least budget, at least 1.</param>
    /// <param name="ceiling">The greatest budget, at least <paramref name="floor"/>.</param>
    /// <param name="firstContact">Where the first requests start instead of <paramref name="initial"/>, growing on
    /// quick answers (<see cref="Answered"/>); null: at <paramref name="initial"/>.</param>
    public ConcurrencyController(int initial, int floor, int ceiling, int? firstContact = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(floor, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(ceiling, floor);
        _floor = floor;
        _ceiling = ceiling;
        _initial = Math.Clamp(initial, floor, ceiling);
        Limit = _initial;
        _doublingBelow = ceiling;
        _pushedBackTo = ceiling;
        if (firstContact is { } start && start < _initial)
        {
            ArgumentOutOfRangeException.ThrowIfLessThan(start, 1, nameof(firstContact));
            _firstContact = true;
            _firstContactTarget = _initial;
            Limit = start;
        }
    }

    /// <summary>Whether first contact is still growing on quick answers.</summary>
    public bool InFirstContact => _firstContact;

    /// <summary>The budget the transfers can expect to have soon: where first contact grows to while it lasts, the
    /// budget otherwise (a download cuts its parts' tail for this many connections).</summary>
    public int Expected => _firstContact ? Math.Max(Limit, _firstContactTarget) : Limit;

    /// <summary>The budget now.</summary>
    public int Limit { get; private set; }

    /// <summary>The quickest window's lower quartile of small requests' times since the start; zero when none was seen.</summary>
    public TimeSpan QuickestRoundTrip => _quickest;

    /// <summary>The mean time of small requests above which the endpoint is pushing back;
    /// <see cref="TimeSpan.MaxValue"/> until a round trip was seen.</summary>
    public TimeSpan PushbackAfter => _quickest == TimeSpan.Zero ? TimeSpan.MaxValue : (_quickest * PushbackRatio) + LatencySlack;

    /// <summary>Learns from one window and returns the budget for the next.</summary>
    public int Next(WindowSample sample)
    {
        _learned = true;
        if (_firstContact)
        {
            // Answers drive the budget until first contact is over; a window only watches for pushback.
            LearnQuickest(sample);
            if (Pushback(sample) is { } slow)
            {
                EndFirstContact();
                StepBack((int)Math.Ceiling(Limit * (_quickest / slow) * Headroom), MinHold);
                _pushedBackTo = Limit;
            }

            return Limit;
        }

        if (_settling)
        {
            _settling = false;
            return Limit;
        }

        LearnQuickest(sample);
        if (Pushback(sample) is { } taken)
        {
            _doubling = false;
            _doublingBelow = Limit;
            StepBack((int)Math.Ceiling(Limit * (_quickest / taken) * Headroom), MinHold);
            _pushedBackTo = Limit;
            return Limit;
        }

        if (_stretches > 0)
        {
            // The first stretched window: the next one tells a pause from a queue. Its throughput, slowed by the
            // stretch either way, says nothing about the budget.
            return Limit;
        }

        if (sample.Elapsed <= TimeSpan.Zero || (sample.Bytes <= 0 && sample.Requests <= 0) || sample.SaturatedShare < MinSaturatedShare)
        {
            // The budget did not hold anyone back: a probe in progress is inconclusive, and stays.
            _probing = false;
            return Limit;
        }

        double seconds = sample.Elapsed.TotalSeconds;
        double bytesRate = sample.Bytes / seconds;
        double requestRate = sample.Requests / seconds;
        if (_probing)
        {
            _probing = false;
            if (bytesRate >= _bytesRate * (1 + MinGain) || requestRate >= _requestRate * (1 + MinGain))
            {
                (_bytesRate, _requestRate) = (bytesRate, requestRate);
                _holdLength = MinHold;
                Grow(sample);
            }
            else
            {
                // More requests, no more done: each moved less. Back to where it was, and probe later.
                _doubling = false;
                _holdLength = Math.Min(MaxHold, _holdLength * 2);
                StepBack(_beforeProbe, _holdLength);
            }

            return Limit;
        }

        if (_bytesRate > 0 && bytesRate < _bytesRate * (1 - MaxDrop) && requestRate < _requestRate * (1 - MaxDrop))
        {
            // Two windows in a row: on a shared machine one window of a latency-bound transfer dips that far by chance.
            if (++_drops >= 2)
            {
                StepBack(Limit - Math.Max(1, Limit / 4), _holdLength);
            }

            return Limit;
        }

        _drops = 0;
        (_bytesRate, _requestRate) = _bytesRate == 0
            ? (bytesRate, requestRate)
            : ((_bytesRate + bytesRate) / 2, (_requestRate + requestRate) / 2);
        if (_hold > 0)
        {
            _hold--;
        }
        else if (Limit < _ceiling)
        {
            Grow(sample);
        }

        return Limit;
    }

    /// <summary>The endpoint refused a request (503 SlowDown, seen by the client before it retried): the budget is cut
    /// by <see cref="RefusalCut"/>, to no less than <see cref="RefusalFloor"/>, and growth waits.</summary>
    /// <returns>The budget now.</returns>
    public int Refused()
    {
        _learned = true;
        EndFirstContact();
        _doubling = false;
        _doublingBelow = Limit;
        int cut = Math.Max(Math.Min(RefusalFloor, _floor), (int)(Limit * RefusalCut));
        Limit = Math.Min(Limit, cut);
        _pushedBackTo = Limit;
        Settle(RefusalHold);
        return Limit;
    }

    /// <summary>
    /// A transfer foresees <paramref name="requests"/> large requests, each of which it can run at once (its parts, as
    /// many as the memory budget holds: <see cref="RequestBudget.ForeseenStart"/>). While nothing has been learned since
    /// the start, the budget starts there instead, up to the ceiling and to what the endpoint's last pushback left:
    /// a transfer of a few hundred milliseconds gives the feedback one or two windows, too few to grow from the initial
    /// budget to what its parts could use. Once a window was counted or a refusal heard, the feedback decides alone.
    /// </summary>
    /// <returns>The budget now.</returns>
    public int Foresee(int requests)
    {
        if (_firstContact)
        {
            // Not at once: the answers to the first requests show whether the endpoint takes that many.
            _firstContactTarget = Math.Max(_firstContactTarget, Math.Min(Math.Min(requests, _ceiling), _pushedBackTo));
            return Limit;
        }

        if (!_learned)
        {
            Limit = Math.Max(Limit, Math.Min(Math.Min(requests, _ceiling), _pushedBackTo));
        }

        return Limit;
    }

    /// <summary>One request was answered (its response headers came) <paramref name="waited"/> after it was sent.
    /// During first contact, a quick answer lets <see cref="GrowthPerQuickAnswer"/> more requests go, up to the target;
    /// a slow one ends first contact where the budget is. Afterwards answers teach nothing here.</summary>
    /// <returns>The budget now.</returns>
    public int Answered(TimeSpan waited)
    {
        if (!_firstContact || waited < TimeSpan.Zero)
        {
            return Limit;
        }

        if (_quickestAnswer == TimeSpan.Zero || waited < _quickestAnswer)
        {
            _quickestAnswer = waited;
        }

        if (waited > (_quickestAnswer * PushbackRatio) + LatencySlack)
        {
            // Requests wait at the endpoint: this many is what it takes at once.
            EndFirstContact();
            _doubling = false;
            _doublingBelow = Math.Max(Limit, _floor);
            _pushedBackTo = Limit;
            return Limit;
        }

        Limit = Math.Min(_firstContactTarget, Limit + GrowthPerQuickAnswer);
        if (Limit >= _firstContactTarget)
        {
            EndFirstContact();
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
        _learned = false;
        _probing = false;
        _settling = false;
        _doubling = true;
        _bytesRate = 0;
        _requestRate = 0;
        _quickest = TimeSpan.Zero;
        _drops = 0;
        _stretches = 0;
        _hold = 0;
        _holdLength = MinHold;
        return Limit;
    }

    private void EndFirstContact() => _firstContact = false;

    /// <summary>Takes the window's quick round trip when it is the quickest yet.</summary>
    private void LearnQuickest(WindowSample sample)
    {
        if (sample.LatencySamples >= MinLatencySamples && sample.QuickLatency > TimeSpan.Zero
            && (_quickest == TimeSpan.Zero || sample.QuickLatency < _quickest))
        {
            _quickest = sample.QuickLatency;
        }
    }

    /// <summary>Reads a window for pushback: a stretched window (<see cref="Stretched"/>) is pushback only when the
    /// <see cref="PushbackWindows"/> - 1 counted windows before it were stretched too. A pause stretches the requests
    /// of one window all at once (a collection or the CPU taken by another process, in this process or in the
    /// endpoint's), and the next window is quick again; a queue at the endpoint stretches every window until the budget
    /// comes down.</summary>
    private TimeSpan? Pushback(WindowSample sample)
    {
        if (Stretched(sample) is not { } taken)
        {
            _stretches = 0;
            return null;
        }

        return ++_stretches >= PushbackWindows ? taken : null;
    }

    /// <summary>How long the window's small requests took when that is pushback: their mean time, or, when too few
    /// ended to tell and those open have waited past the threshold on average, their age; null otherwise.</summary>
    private TimeSpan? Stretched(WindowSample sample)
    {
        TimeSpan threshold = PushbackAfter;
        if (threshold == TimeSpan.MaxValue)
        {
            return null;
        }

        if (sample.LatencySamples >= MinLatencySamples)
        {
            return sample.MeanLatency > threshold ? sample.MeanLatency : null;
        }

        // Few ended, and those open have waited several round trips on average: they are not ending.
        return sample.Pending >= MinLatencySamples && sample.PendingAge > threshold ? sample.PendingAge : null;
    }

    private void Grow(WindowSample sample)
    {
        _beforeProbe = Limit;
        int limit = _doubling && sample.LatencySamples >= MinLatencySamples && Limit < _doublingBelow
            ? Math.Min(2 * Limit, _doublingBelow)
            : Limit + Math.Max(1, Limit / 4);
        Limit = Math.Min(_ceiling, limit);
        _probing = Limit != _beforeProbe;
        _settling = _probing;
    }

    /// <summary>Lowers the budget, to no less than the floor (or than where a refusal left it, when that is below).</summary>
    private void StepBack(int limit, int hold)
    {
        Limit = Math.Min(Limit, Math.Clamp(limit, Math.Min(_floor, Limit), _ceiling));
        Settle(hold);
    }

    /// <summary>After a cut: the next window settles it, throughput is measured afresh, and growth waits
    /// <paramref name="hold"/> counted windows.</summary>
    private void Settle(int hold)
    {
        _probing = false;
        _settling = true;
        _bytesRate = 0;
        _requestRate = 0;
        _drops = 0;
        _stretches = 0;
        _hold = hold;
    }
}
