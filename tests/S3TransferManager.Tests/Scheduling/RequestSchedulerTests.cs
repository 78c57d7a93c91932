using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

public sealed class RequestSchedulerTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public void AcquireAsync_WithinBudget_CompletesSynchronously()
    {
        var scheduler = new RequestScheduler(2);
        using TransferLane lane = scheduler.OpenLane();

        ValueTask<RequestLease> first = lane.AcquireAsync(default);
        ValueTask<RequestLease> second = lane.AcquireAsync(default);

        Assert.True(first.IsCompletedSuccessfully);
        Assert.True(second.IsCompletedSuccessfully);
        Assert.Equal(2, scheduler.InFlight);
    }

    [Fact]
    public async Task AcquireAsync_BudgetExhausted_WaitsUntilALeaseIsDisposed()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease held = await lane.AcquireAsync(default);

        ValueTask<RequestLease> waiting = lane.AcquireAsync(default);
        Assert.False(waiting.IsCompleted);
        held.Dispose();

        using RequestLease granted = await waiting.AsTask().WaitAsync(Bound);
        Assert.Equal(1, scheduler.InFlight);
    }

    [Fact]
    public async Task Release_BigAndSmallTransferWaiting_ServesThemInTurn()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane big = scheduler.OpenLane();
        using TransferLane small = scheduler.OpenLane();
        RequestLease held = await big.AcquireAsync(default);
        var bigParts = Enumerable.Range(0, 5).Select(_ => big.AcquireAsync(default).AsTask()).ToList();
        Task<RequestLease> smallPart = small.AcquireAsync(default).AsTask();

        held.Dispose();
        RequestLease firstGrant = await bigParts[0].WaitAsync(Bound);
        Assert.False(smallPart.IsCompleted);
        firstGrant.Dispose();

        // The small object's one part goes next, not the big object's second of five.
        RequestLease secondGrant = await smallPart.WaitAsync(Bound);
        Assert.False(bigParts[1].IsCompleted);
        secondGrant.Dispose();
        (await bigParts[1].WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task AcquireAsync_WaiterCanceled_SlotGoesToTheNextWaiterAndNoneLeaks()
    {
        var scheduler = new RequestScheduler(1);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease held = await lane.AcquireAsync(default);
        using var cancellation = new CancellationTokenSource();
        Task<RequestLease> canceled = lane.AcquireAsync(cancellation.Token).AsTask();
        Task<RequestLease> next = lane.AcquireAsync(default).AsTask();

        await cancellation.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => canceled);
        held.Dispose();

        RequestLease granted = await next.WaitAsync(Bound);
        Assert.Equal(1, scheduler.InFlight);
        granted.Dispose();
        Assert.Equal(0, scheduler.InFlight);
    }

    [Fact]
    public async Task Dispose_LaneWithWaiters_CancelsThemAndTheSlotStaysFree()
    {
        var scheduler = new RequestScheduler(1);
        TransferLane lane = scheduler.OpenLane();
        using TransferLane other = scheduler.OpenLane();
        RequestLease held = await other.AcquireAsync(default);
        Task<RequestLease> waiting = lane.AcquireAsync(default).AsTask();

        lane.Dispose();
        held.Dispose();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiting.WaitAsync(Bound));
        Assert.Equal(0, scheduler.InFlight);
    }

    [Fact]
    public async Task Dispose_LeaseTwice_ReturnsOneSlot()
    {
        var scheduler = new RequestScheduler(2);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease lease = await lane.AcquireAsync(default);
        using RequestLease other = await lane.AcquireAsync(default);

        lease.Dispose();
        lease.Dispose();

        Assert.Equal(1, scheduler.InFlight);
    }

    [Fact]
    public async Task AcquireAsync_ManyLanesConcurrently_NeverLendsMoreThanTheBudget()
    {
        var scheduler = new RequestScheduler(3);
        int inFlight = 0;
        int maxSeen = 0;
        async Task RunLaneAsync()
        {
            using TransferLane lane = scheduler.OpenLane();
            for (int i = 0; i < 50; i++)
            {
                using RequestLease lease = await lane.AcquireAsync(default);
                int now = Interlocked.Increment(ref inFlight);
                InterlockedMax(ref maxSeen, now);
                await Task.Yield();
                Interlocked.Decrement(ref inFlight);
            }
        }

        await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(RunLaneAsync))).WaitAsync(Bound);

        Assert.InRange(maxSeen, 1, 3);
        Assert.Equal(0, scheduler.InFlight);
    }

    private static void InterlockedMax(ref int target, int value)
    {
        int seen;
        while (value > (seen = Volatile.Read(ref target)) && Interlocked.CompareExchange(ref target, value, seen) != seen)
        {
        }
    }
}
