using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>A slot may carry a second request (the next part's, sent in a body's last round trip), never a third, and
/// never while another request waits for a slot.</summary>
public sealed class RequestLeaseShareTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task TryShare_NobodyWaits_SharesTheSlotWithoutTakingAnother()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease first = await lane.AcquireAsync(default);

        using RequestLease? second = first.TryShare();

        Assert.NotNull(second);
        Assert.Equal(1, scheduler.InFlight);
    }

    [Fact]
    public async Task TryShare_SlotAlreadyShared_ReturnsNull()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease first = await lane.AcquireAsync(default);
        using RequestLease? second = first.TryShare();

        Assert.Null(first.TryShare());
        Assert.Null(second!.TryShare());
    }

    [Fact]
    public async Task TryShare_AnotherRequestWaits_ReturnsNull()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        using TransferLane other = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);
        Task<RequestLease> waiting = other.AcquireAsync(default).AsTask();

        Assert.Null(first.TryShare());

        first.Dispose();
        (await waiting.WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task Dispose_BothHoldersOfASharedSlot_ReleasesTheSlotOnlyAfterTheSecond()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);
        RequestLease second = first.TryShare()!;

        first.Dispose();
        Assert.Equal(1, scheduler.InFlight);
        second.Dispose();

        Assert.Equal(0, scheduler.InFlight);
    }

    [Fact]
    public async Task TryShare_AfterThePredecessorLetGo_SharesAgain()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);
        using RequestLease second = first.TryShare()!;
        first.Dispose();

        using RequestLease? third = second.TryShare();

        Assert.NotNull(third);
        Assert.Equal(1, scheduler.InFlight);
    }

    [Fact]
    public async Task TryShare_DisposedLease_ReturnsNull()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);
        first.Dispose();

        Assert.Null(first.TryShare());
    }

    [Fact]
    public async Task AcquireFollowingAsync_FreeSlot_TakesItRatherThanSharing()
    {
        var scheduler = new RequestScheduler(2);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease first = await lane.AcquireAsync(default);

        using RequestLease following = await lane.AcquireFollowingAsync(first, RequestCost.Control, default);

        Assert.Equal(2, scheduler.InFlight);
        Assert.NotNull(first.TryShare());
    }

    [Fact]
    public async Task AcquireFollowingAsync_NoFreeSlot_SharesThePredecessorsSlot()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease first = await lane.AcquireAsync(default);

        ValueTask<RequestLease> following = lane.AcquireFollowingAsync(first, RequestCost.Control, default);

        Assert.True(following.IsCompletedSuccessfully);
        (await following).Dispose();
        Assert.Equal(1, scheduler.InFlight);
    }

    [Fact]
    public async Task AcquireFollowingAsync_AnotherTransferWaits_WaitsItsTurn()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        using TransferLane other = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);
        Task<RequestLease> otherWaiting = other.AcquireAsync(default).AsTask();

        Task<RequestLease> following = lane.AcquireFollowingAsync(first, RequestCost.Control, default).AsTask();
        Assert.False(following.IsCompleted);
        first.Dispose();

        // The other transfer was first in line.
        RequestLease otherGrant = await otherWaiting.WaitAsync(Bound);
        Assert.False(following.IsCompleted);
        otherGrant.Dispose();
        (await following.WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task AcquireFollowingAsync_SharedSlotsNotAllowed_WaitsForAFreeSlotInstead()
    {
        var scheduler = new RequestScheduler(1, allowSharedSlots: false);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(default);

        ValueTask<RequestLease> following = lane.AcquireFollowingAsync(first, RequestCost.Control, default);
        Assert.False(following.IsCompleted);
        first.Dispose();
        using RequestLease second = await following.AsTask().WaitAsync(Bound);

        Assert.Equal(1, scheduler.InFlight);
    }
}
