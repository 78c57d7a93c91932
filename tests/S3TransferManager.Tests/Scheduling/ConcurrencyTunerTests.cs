using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>The tuner between the scheduler's leases, progress reports and the controller, on a fake clock.</summary>
public sealed class ConcurrencyTunerTests
{
    private static readonly TimeSpan Window = TimeSpan.FromMilliseconds(100);
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);
    private static readonly RequestCost Large = RequestCost.Data(8 * 1024 * 1024);
    private static readonly RequestCost Small = RequestCost.Data(1024);

    private readonly FakeTimeProvider _time = new();
    private readonly RequestScheduler _scheduler = new(4, allowSharedSlots: false, ceiling: 64);

    private ConcurrencyTuner CreateTuner(int ceiling = 64)
    {
        var tuner = new ConcurrencyTuner(_scheduler, new ConcurrencyController(_scheduler.MaxRequestsInFlight, floor: 2, ceiling), _time, Window);
        _scheduler.Observer = tuner;
        _scheduler.Waking = tuner.OnWaking;
        _scheduler.Foreseeing = tuner.OnForeseen;
        return tuner;
    }

    [Fact]
    public async Task Returned_EightLargePartsEndWhileOthersWait_RaisesTheBudgetByAQuarter()
    {
        CreateTuner();
        await using var load = await SaturatingLoad.StartAsync(_scheduler, Large);

        await load.EndAsync(7, every: TimeSpan.FromMilliseconds(50), _time);
        Assert.Equal(4, _scheduler.MaxRequestsInFlight); // 350 ms, but only 7 requests: the window stays open

        await load.EndAsync(1, every: TimeSpan.FromMilliseconds(50), _time);
        Assert.Equal(5, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task Returned_SmallRequestsAtTheirRoundTrip_DoubleTheBudget()
    {
        CreateTuner();
        await using var load = await SaturatingLoad.StartAsync(_scheduler, Small);

        await load.EndAsync(8, every: TimeSpan.FromMilliseconds(20), _time);

        Assert.Equal(8, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task CloseWindow_SmallRequestsOpenLongPastTheRoundTrip_LowersTheBudgetBeforeTheyEnd()
    {
        ConcurrencyTuner tuner = CreateTuner();
        await using var load = await SaturatingLoad.StartAsync(_scheduler, Small);
        await load.EndAsync(8, every: TimeSpan.FromMilliseconds(20), _time); // learns the round trip, and doubles
        Assert.Equal(8, _scheduler.MaxRequestsInFlight);

        // Then nothing ends (an endpoint turning requests away, the client retrying): windows close at their longest,
        // the first after the change unheard, the next two stretched in a row.
        for (int i = 0; i < 1 + ConcurrencyController.PushbackWindows; i++)
        {
            _time.Advance(20 * Window);
            tuner.OnBytes(1);
        }

        Assert.Equal(2, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public void OnBytes_NobodyWaits_KeepsTheBudget()
    {
        ConcurrencyTuner tuner = CreateTuner();

        for (int i = 0; i < 40; i++)
        {
            tuner.OnBytes(1_000_000);
            _time.Advance(20 * Window);
        }

        Assert.Equal(4, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task ProgressTracker_UploadBytesSentButNotAcknowledged_TeachTheTunerNothing()
    {
        ConcurrencyTuner tuner = CreateTuner();
        await using var load = await SaturatingLoad.StartAsync(_scheduler, RequestCost.Control);
        var progress = new S3TransferManager.Events.ProgressTracker(null, _time, tuner);

        // Bytes handed to a connection: a new socket buffer takes them in a burst, so they are no measure of throughput.
        progress.AddSent(1_000_000);
        _time.Advance(20 * Window);
        progress.AddSent(1_000_000);
        int afterSent = _scheduler.MaxRequestsInFlight;
        // The same bytes once S3 has answered for them: the window closes at its longest, and they count.
        progress.Acknowledged(1_000_000);
        _time.Advance(20 * Window);
        progress.Acknowledged(1_000_000);

        Assert.Equal(4, afterSent);
        Assert.Equal(5, _scheduler.MaxRequestsInFlight);
        Assert.Equal(2_000_000, progress.TransferredBytes);
    }

    [Fact]
    public async Task Returned_AtTheCeiling_NeverRaisesTheBudgetPastIt()
    {
        CreateTuner(ceiling: 6);
        await using var load = await SaturatingLoad.StartAsync(_scheduler, Large);

        // Each request takes 80 ms, so the more at once, the more end a second: every increase pays.
        for (int i = 0; i < 200; i++)
        {
            await load.EndAsync(1, every: TimeSpan.FromMilliseconds(80.0 / _scheduler.MaxRequestsInFlight), _time);
        }

        Assert.Equal(6, _scheduler.MaxRequestsInFlight);
        Assert.Equal(6, _scheduler.InFlight);
    }

    [Fact]
    public async Task OnWaking_AfterGrowing_RestartsFromTheInitialBudget()
    {
        CreateTuner();
        await using (var load = await SaturatingLoad.StartAsync(_scheduler, Small))
        {
            await load.EndAsync(8, every: TimeSpan.FromMilliseconds(20), _time);
        }

        Assert.Equal(8, _scheduler.MaxRequestsInFlight);
        Assert.Equal(0, _scheduler.InFlight);

        // The first request after idle: the budget starts over before the burst that follows.
        using TransferLane lane = _scheduler.OpenLane();
        using RequestLease first = await lane.AcquireAsync(Small, default);

        Assert.Equal(4, _scheduler.MaxRequestsInFlight);
    }

    [Theory]
    [InlineData(12, 8 * 1024 * 1024, 12)] // large parts: the budget starts from them
    [InlineData(1000, 1024, 4)] // small requests: it stays where it starts
    public async Task Foresee_BeforeTheRequestThatWakesTheUtility_StartsTheBudgetFromLargeParts(int parts, long partBytes, int expected)
    {
        CreateTuner();
        using TransferLane lane = _scheduler.OpenLane();

        // Said before its first request (a transfer that knows its parts up front): waking, which starts the budget
        // over, keeps it.
        lane.Foresee(parts, partBytes);
        using RequestLease first = await lane.AcquireAsync(RequestCost.Control, default);

        Assert.Equal(expected, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task Foresee_AfterTheFirstRequest_RaisesTheBudgetAndLendsTheNewSlotsToWaiters()
    {
        CreateTuner();
        await using var load = await SaturatingLoad.StartAsync(_scheduler, Large);
        Assert.Equal(4, _scheduler.InFlight);

        // A download learns its length from its first GET's answer, while its next parts already wait.
        using TransferLane lane = _scheduler.OpenLane();
        lane.Foresee(12, Large.Bytes);

        Assert.Equal(12, _scheduler.MaxRequestsInFlight);
        Assert.Equal(5, _scheduler.InFlight); // the load's one waiting request got a new slot at once
    }

    [Fact]
    public async Task Foresee_OnceAWindowWasCounted_LeavesTheBudgetToTheFeedback()
    {
        CreateTuner();
        await using var load = await SaturatingLoad.StartAsync(_scheduler, Large);
        await load.EndAsync(8, every: TimeSpan.FromMilliseconds(50), _time);
        Assert.Equal(5, _scheduler.MaxRequestsInFlight);

        using TransferLane lane = _scheduler.OpenLane();
        lane.Foresee(12, Large.Bytes);

        Assert.Equal(5, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task OnRefused_ABurstOfRefusals_CutsOnceUntilTheRequestsOpenAtTheCutHaveEnded()
    {
        (RequestScheduler scheduler, ConcurrencyTuner tuner) = CreateBudgetOf16();
        await using var load = await SaturatingLoad.StartAsync(scheduler, Small);

        tuner.OnRefused();
        tuner.OnRefused(); // the same burst, a moment later
        Assert.Equal(11, scheduler.MaxRequestsInFlight);

        // A round trip later (none learned yet: a window's length), the requests open at the cut are still open: they
        // are the ones being retried.
        _time.Advance(2 * Window);
        tuner.OnRefused();
        Assert.Equal(11, scheduler.MaxRequestsInFlight);

        // Once every request open at the cut has ended, a refusal is news: requests sent under the new budget.
        await load.EndAsync(16, every: TimeSpan.FromMilliseconds(1), _time);
        tuner.OnRefused();
        Assert.Equal(7, scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task OnRefused_RequestsOpenAtTheCutRetriedForTenRoundTrips_CutsAgain()
    {
        (RequestScheduler scheduler, ConcurrencyTuner tuner) = CreateBudgetOf16();
        await using var load = await SaturatingLoad.StartAsync(scheduler, Small);
        tuner.OnRefused();

        _time.Advance(ConcurrencyTuner.RefusalCohortRoundTrips * Window);
        tuner.OnRefused();

        Assert.Equal(7, scheduler.MaxRequestsInFlight);
    }

    /// <summary>A budget of 16 above the floor of 10, so that refusals show the cut below it.</summary>
    private (RequestScheduler Scheduler, ConcurrencyTuner Tuner) CreateBudgetOf16()
    {
        var scheduler = new RequestScheduler(16, allowSharedSlots: false, ceiling: 64);
        var tuner = new ConcurrencyTuner(scheduler, new ConcurrencyController(16, floor: 10, ceiling: 64), _time, Window);
        scheduler.Observer = tuner;
        return (scheduler, tuner);
    }

    /// <summary>Holds every slot of the budget with one more request waiting, and ends them one at a time, so the budget
    /// is what holds the load back.</summary>
    private sealed class SaturatingLoad : IAsyncDisposable
    {
        private readonly RequestScheduler _scheduler;
        private readonly TransferLane _lane;
        private readonly RequestCost _cost;
        private readonly Queue<RequestLease> _held = new();
        private Task<RequestLease>? _waiting;

        private SaturatingLoad(RequestScheduler scheduler, RequestCost cost)
        {
            _scheduler = scheduler;
            _lane = scheduler.OpenLane();
            _cost = cost;
        }

        public static async Task<SaturatingLoad> StartAsync(RequestScheduler scheduler, RequestCost cost)
        {
            var load = new SaturatingLoad(scheduler, cost);
            await load.TopUpAsync();
            return load;
        }

        /// <summary>Ends <paramref name="count"/> requests, the oldest first, one every <paramref name="every"/>.</summary>
        public async Task EndAsync(int count, TimeSpan every, FakeTimeProvider time)
        {
            for (int i = 0; i < count; i++)
            {
                time.Advance(every);
                _held.Dequeue().Dispose();
                await TopUpAsync();
            }
        }

        public async ValueTask DisposeAsync()
        {
            _lane.Dispose();
            while (_held.TryDequeue(out RequestLease? lease))
            {
                lease.Dispose();
            }

            try
            {
                (await _waiting!.WaitAsync(Bound)).Dispose();
            }
            catch (OperationCanceledException)
            {
                // The lane's disposal canceled it.
            }
        }

        /// <summary>Takes the slots the budget lends now, and leaves one more request waiting.</summary>
        private async Task TopUpAsync()
        {
            while (_waiting is null || !_scheduler.HasWaiters)
            {
                // The waiter was handed a slot (a lease came back, or the budget rose), or there is none yet.
                if (_waiting is not null)
                {
                    _held.Enqueue(await _waiting.WaitAsync(Bound));
                }

                _waiting = _lane.AcquireAsync(_cost, default).AsTask();
            }
        }
    }
}
