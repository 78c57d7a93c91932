using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>The tuner between progress reports and the scheduler, on a fake clock.</summary>
public sealed class ConcurrencyTunerTests
{
    private static readonly TimeSpan Window = TimeSpan.FromMilliseconds(100);

    private readonly FakeTimeProvider _time = new();
    private readonly RequestScheduler _scheduler = new(4, allowSharedSlots: false);

    private ConcurrencyTuner CreateTuner(int ceiling = 64) =>
        new(_scheduler, new ConcurrencyController(_scheduler.MaxRequestsInFlight, floor: 2, ceiling), _time, Window);

    /// <summary>Holds every slot and queues one more request, so the budget is what holds the transfer back.</summary>
    private async Task<(List<RequestLease> Held, Task<RequestLease> Waiting)> SaturateAsync(TransferLane lane)
    {
        var held = new List<RequestLease>();
        for (int i = 0; i < _scheduler.MaxRequestsInFlight; i++)
        {
            held.Add(await lane.AcquireAsync(default));
        }

        return (held, lane.AcquireAsync(default).AsTask());
    }

    [Fact]
    public async Task OnBytes_WindowEndsWhileRequestsWait_RaisesTheBudget()
    {
        using ConcurrencyTuner tuner = CreateTuner();
        using TransferLane lane = _scheduler.OpenLane();
        (List<RequestLease> held, Task<RequestLease> waiting) = await SaturateAsync(lane);

        tuner.OnBytes(1_000_000);
        _time.Advance(Window);
        tuner.OnBytes(1_000_000);

        Assert.Equal(5, _scheduler.MaxRequestsInFlight); // a quarter more, at least one
        (await waiting.WaitAsync(TimeSpan.FromSeconds(30))).Dispose();
        held.ForEach(lease => lease.Dispose());
    }

    [Fact]
    public async Task ProgressTracker_UploadBytesSentButNotAcknowledged_TeachTheTunerNothing()
    {
        using ConcurrencyTuner tuner = CreateTuner();
        using TransferLane lane = _scheduler.OpenLane();
        (List<RequestLease> held, Task<RequestLease> waiting) = await SaturateAsync(lane);
        var progress = new S3TransferManager.Events.ProgressTracker(null, _time, tuner);

        // Bytes handed to a connection: a new socket buffer takes them in a burst, so they are no measure of throughput.
        progress.AddSent(1_000_000);
        _time.Advance(Window);
        progress.AddSent(1_000_000);
        int afterSent = _scheduler.MaxRequestsInFlight;
        // The same bytes once S3 has answered for them.
        progress.Acknowledged(1_000_000);
        _time.Advance(Window);
        progress.Acknowledged(1_000_000);

        Assert.Equal(4, afterSent);
        Assert.Equal(5, _scheduler.MaxRequestsInFlight);
        Assert.Equal(2_000_000, progress.TransferredBytes);
        (await waiting.WaitAsync(TimeSpan.FromSeconds(30))).Dispose();
        held.ForEach(lease => lease.Dispose());
    }

    [Fact]
    public void OnBytes_NobodyWaits_KeepsTheBudget()
    {
        using ConcurrencyTuner tuner = CreateTuner();

        for (int i = 0; i < 10; i++)
        {
            tuner.OnBytes(1_000_000);
            _time.Advance(Window);
        }

        Assert.Equal(4, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public void OnThrottled_WindowEnds_HalvesTheBudget()
    {
        using ConcurrencyTuner tuner = CreateTuner();

        tuner.OnThrottled();
        _time.Advance(Window);
        tuner.OnBytes(1);

        Assert.Equal(2, _scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task OnBytes_AtTheCeiling_NeverRaisesTheBudgetPastIt()
    {
        using ConcurrencyTuner tuner = CreateTuner(ceiling: 6);
        using TransferLane lane = _scheduler.OpenLane();
        (List<RequestLease> held, Task<RequestLease> waiting) = await SaturateAsync(lane);
        var more = Enumerable.Range(0, 10).Select(_ => lane.AcquireAsync(default).AsTask()).ToList();

        for (int i = 0; i < 20; i++)
        {
            tuner.OnBytes(_scheduler.MaxRequestsInFlight * 1_000_000L);
            _time.Advance(Window);
        }

        Assert.Equal(6, _scheduler.MaxRequestsInFlight);
        Assert.Equal(6, _scheduler.InFlight);
        held.ForEach(lease => lease.Dispose());
        (await waiting.WaitAsync(TimeSpan.FromSeconds(30))).Dispose();
        foreach (Task<RequestLease> lease in more)
        {
            (await lease.WaitAsync(TimeSpan.FromSeconds(30))).Dispose();
        }
    }

    [Fact]
    public async Task OnWaking_AfterGrowing_RestartsFromTheInitialBudget()
    {
        using ConcurrencyTuner tuner = CreateTuner();
        using TransferLane lane = _scheduler.OpenLane();
        (List<RequestLease> held, Task<RequestLease> waiting) = await SaturateAsync(lane);
        tuner.OnBytes(1_000_000);
        _time.Advance(Window);
        tuner.OnBytes(1_000_000);
        Assert.Equal(5, _scheduler.MaxRequestsInFlight);

        tuner.OnWaking();

        Assert.Equal(4, _scheduler.MaxRequestsInFlight);
        (await waiting.WaitAsync(TimeSpan.FromSeconds(30))).Dispose();
        held.ForEach(lease => lease.Dispose());
    }
}
