using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

public sealed class BufferBudgetTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task AcquireAsync_WithinTheLimit_LendsAtOnce()
    {
        var budget = new BufferBudget(100);
        BufferAccount first = budget.OpenAccount();
        BufferAccount second = budget.OpenAccount();

        using BufferLease a = await first.AcquireAsync(60, default);
        ValueTask<BufferLease> b = second.AcquireAsync(40, default);

        Assert.True(b.IsCompletedSuccessfully);
        (await b).Dispose();
        Assert.Equal(60, budget.InUseBytes);
    }

    [Fact]
    public async Task TryAcquire_OverTheLimit_ReturnsFalseAndHoldsNothing()
    {
        var budget = new BufferBudget(100);
        using BufferLease held = await budget.OpenAccount().AcquireAsync(80, default);
        BufferAccount account = budget.OpenAccount();
        using BufferLease own = await account.AcquireAsync(10, default);

        bool lent = account.TryAcquire(50, out BufferLease? lease);

        Assert.Equal((false, null, 10L, 90L), (lent, lease, account.HeldBytes, budget.InUseBytes));
    }

    [Fact]
    public void TryAcquire_AccountHoldsNothing_LendsPastTheLimit()
    {
        var budget = new BufferBudget(100);
        BufferAccount account = budget.OpenAccount();

        bool lent = account.TryAcquire(150, out BufferLease? lease);
        using BufferLease? taken = lease;

        Assert.Equal((true, 150L, 150L), (lent, account.HeldBytes, budget.InUseBytes));
    }

    [Fact]
    public async Task AcquireAsync_OverTheLimit_WaitsUntilBytesComeBack()
    {
        var budget = new BufferBudget(100);
        BufferAccount holder = budget.OpenAccount();
        BufferAccount waiter = budget.OpenAccount();
        BufferLease held = await holder.AcquireAsync(80, default);
        using BufferLease own = await waiter.AcquireAsync(10, default);

        Task<BufferLease> waiting = waiter.AcquireAsync(50, default).AsTask();
        Assert.False(waiting.IsCompleted);
        held.Dispose();

        using BufferLease granted = await waiting.WaitAsync(Bound);
        Assert.Equal(60, budget.InUseBytes);
    }

    [Fact]
    public async Task AcquireAsync_AccountHoldingNothing_IsLentItsFirstPartEvenPastTheLimit()
    {
        var budget = new BufferBudget(100);
        using BufferLease hog = await budget.OpenAccount().AcquireAsync(100, default);
        BufferAccount newcomer = budget.OpenAccount();

        ValueTask<BufferLease> first = newcomer.AcquireAsync(50, default);
        Task<BufferLease> second = newcomer.AcquireAsync(50, default).AsTask();

        Assert.True(first.IsCompletedSuccessfully);
        Assert.False(second.IsCompleted);
        (await first).Dispose();
        hog.Dispose();
        (await second.WaitAsync(Bound)).Dispose();
        Assert.Equal(0, budget.InUseBytes);
    }

    [Fact]
    public async Task Release_WaitersInLine_ServesThemInArrivalOrder()
    {
        var budget = new BufferBudget(100);
        BufferAccount a = budget.OpenAccount(), b = budget.OpenAccount(), c = budget.OpenAccount();
        using BufferLease ownB = await b.AcquireAsync(1, default);
        using BufferLease ownC = await c.AcquireAsync(1, default);
        BufferLease held = await a.AcquireAsync(98, default);
        Task<BufferLease> big = b.AcquireAsync(90, default).AsTask();
        Task<BufferLease> small = c.AcquireAsync(5, default).AsTask();

        // The small request would fit in what is free after 'held' shrinks, but waits behind the big one.
        Assert.False(small.IsCompleted);
        held.Dispose();

        (await big.WaitAsync(Bound)).Dispose();
        (await small.WaitAsync(Bound)).Dispose();
    }

    [Fact]
    public async Task AcquireAsync_CanceledWhileWaiting_GivesNothingAwayAndTheNextWaiterIsServed()
    {
        var budget = new BufferBudget(100);
        BufferAccount holder = budget.OpenAccount(), a = budget.OpenAccount(), b = budget.OpenAccount();
        using BufferLease ownA = await a.AcquireAsync(1, default);
        using BufferLease ownB = await b.AcquireAsync(1, default);
        BufferLease held = await holder.AcquireAsync(98, default);
        using var cancellation = new CancellationTokenSource();
        Task<BufferLease> canceled = a.AcquireAsync(90, cancellation.Token).AsTask();
        Task<BufferLease> next = b.AcquireAsync(90, default).AsTask();

        await cancellation.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => canceled);
        held.Dispose();

        using BufferLease granted = await next.WaitAsync(Bound);
        Assert.Equal(92, budget.InUseBytes);
        Assert.Equal(1, a.HeldBytes);
    }

    [Fact]
    public async Task Dispose_LeaseTwice_GivesTheBytesBackOnce()
    {
        var budget = new BufferBudget(100);
        BufferAccount account = budget.OpenAccount();
        using BufferLease other = await account.AcquireAsync(10, default);
        BufferLease lease = await account.AcquireAsync(20, default);

        lease.Dispose();
        lease.Dispose();

        Assert.Equal(10, budget.InUseBytes);
        Assert.Equal(10, account.HeldBytes);
    }
}
