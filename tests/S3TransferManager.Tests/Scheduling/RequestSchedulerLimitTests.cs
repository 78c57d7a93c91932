using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>The budget moved while requests hold and wait for slots (<see cref="RequestScheduler.SetLimit"/>).</summary>
public sealed class RequestSchedulerLimitTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task SetLimit_Raised_GrantsWaitersAtOnce()
    {
        var scheduler = new RequestScheduler(1, allowSharedSlots: false);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease held = await lane.AcquireAsync(default);
        Task<RequestLease> waiting = lane.AcquireAsync(default).AsTask();

        scheduler.SetLimit(2);

        using RequestLease granted = await waiting.WaitAsync(Bound);
        Assert.Equal(2, scheduler.InFlight);
    }

    [Fact]
    public async Task SetLimit_Lowered_RetiresSlotsAsTheyComeBack()
    {
        var scheduler = new RequestScheduler(3, allowSharedSlots: false);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);
        RequestLease second = await lane.AcquireAsync(default);
        using RequestLease third = await lane.AcquireAsync(default);
        Task<RequestLease> waiting = lane.AcquireAsync(default).AsTask();

        scheduler.SetLimit(1);
        first.Dispose();
        second.Dispose();

        // Two slots came back and both retired: the one left is still lent, so the waiter still waits.
        Assert.False(waiting.IsCompleted);
        Assert.Equal(1, scheduler.InFlight);
        third.Dispose();
        (await waiting.WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task Waking_FirstRequestAfterIdle_IsCalledOnceBeforeTheNext()
    {
        var scheduler = new RequestScheduler(4, allowSharedSlots: false);
        int calls = 0;
        scheduler.Waking = () => calls++;
        using TransferLane lane = scheduler.OpenLane();

        RequestLease first = await lane.AcquireAsync(default);
        RequestLease second = await lane.AcquireAsync(default);
        Assert.Equal(1, calls);
        first.Dispose();
        second.Dispose();
        (await lane.AcquireAsync(default)).Dispose();

        Assert.Equal(2, calls);
    }
}
