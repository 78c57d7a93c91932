using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>The budget of bytes in flight beside the budget of slots: many small requests at once, large parts held to
/// the bytes.</summary>
public sealed class RequestSchedulerBytesTests
{
    private const long MiB = 1024 * 1024;
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task AcquireAsync_LargePartsBeyondTheBytes_WaitForBytesToComeBack()
    {
        var scheduler = new RequestScheduler(10, allowSharedSlots: false, maxBytesInFlight: 16 * MiB);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease first = await lane.AcquireAsync(RequestCost.Data(8 * MiB), default);
        using RequestLease second = await lane.AcquireAsync(RequestCost.Data(8 * MiB), default);

        ValueTask<RequestLease> third = lane.AcquireAsync(RequestCost.Data(8 * MiB), default);
        Assert.False(third.IsCompleted);
        Assert.Equal(16 * MiB, scheduler.BytesInFlight);
        first.Dispose();

        using RequestLease granted = await third.AsTask().WaitAsync(Bound);
        Assert.Equal(2, scheduler.InFlight);
    }

    [Fact]
    public async Task AcquireAsync_SmallRequests_RunUpToTheSlotsWhateverTheirCount()
    {
        var scheduler = new RequestScheduler(64, allowSharedSlots: false, maxBytesInFlight: 16 * MiB);
        using TransferLane lane = scheduler.OpenLane();

        var leases = new List<RequestLease>();
        for (int i = 0; i < 64; i++)
        {
            ValueTask<RequestLease> lease = lane.AcquireAsync(RequestCost.Data(1024), default);
            Assert.True(lease.IsCompletedSuccessfully);
            leases.Add(await lease);
        }

        Assert.False(lane.AcquireAsync(RequestCost.Data(1024), default).IsCompleted);
        leases.ForEach(lease => lease.Dispose());
    }

    [Fact]
    public async Task AcquireAsync_NothingInFlight_LendsAPartLargerThanTheBytes()
    {
        var scheduler = new RequestScheduler(4, allowSharedSlots: false, maxBytesInFlight: 4 * MiB);
        using TransferLane lane = scheduler.OpenLane();

        ValueTask<RequestLease> huge = lane.AcquireAsync(RequestCost.Data(64 * MiB), default);

        Assert.True(huge.IsCompletedSuccessfully);
        (await huge).Dispose();
        Assert.Equal(0, scheduler.BytesInFlight);
    }

    [Fact]
    public async Task AcquireAsync_LargePartWaitsForBytes_SmallRequestOfAnotherTransferGoesMeanwhile()
    {
        var scheduler = new RequestScheduler(4, allowSharedSlots: false, maxBytesInFlight: 16 * MiB);
        using TransferLane big = scheduler.OpenLane();
        using TransferLane small = scheduler.OpenLane();
        RequestLease first = await big.AcquireAsync(RequestCost.Data(8 * MiB), default);
        using RequestLease second = await big.AcquireAsync(RequestCost.Data(6 * MiB), default);
        Task<RequestLease> third = big.AcquireAsync(RequestCost.Data(8 * MiB), default).AsTask();

        // A slot is free and 2 MiB are: the big part waits for bytes, the small object need not wait behind it.
        Task<RequestLease> tiny = small.AcquireAsync(RequestCost.Data(1024), default).AsTask();

        (await tiny.WaitAsync(Bound)).Dispose();
        Assert.False(third.IsCompleted);
        first.Dispose();
        (await third.WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task SetLimit_Raised_LendsOnlyWhatTheBytesAllow()
    {
        var scheduler = new RequestScheduler(1, allowSharedSlots: false, maxBytesInFlight: 16 * MiB);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease held = await lane.AcquireAsync(RequestCost.Data(8 * MiB), default);
        Task<RequestLease> second = lane.AcquireAsync(RequestCost.Data(8 * MiB), default).AsTask();
        Task<RequestLease> third = lane.AcquireAsync(RequestCost.Data(8 * MiB), default).AsTask();

        scheduler.SetLimit(10);

        using RequestLease granted = await second.WaitAsync(Bound);
        Assert.False(third.IsCompleted);
        Assert.Equal(2, scheduler.InFlight);
        held.Dispose();
        (await third.WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task TryShare_EarlyRequestOnTheSameSlot_CostsNoMoreBytes()
    {
        var scheduler = new RequestScheduler(2, maxBytesInFlight: 16 * MiB);
        using TransferLane lane = scheduler.OpenLane();
        using RequestLease body = await lane.AcquireAsync(RequestCost.Data(8 * MiB), default);

        using RequestLease? next = body.TryShare();

        Assert.NotNull(next);
        Assert.Equal(8 * MiB, scheduler.BytesInFlight);
        Assert.Equal(1, scheduler.InFlight);
    }
}
