using S3TransferManager.Buffering;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Buffering;

public sealed class PartBufferManagerReserveTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task ReserveAsync_TheNextPart_NeedsNoMemory()
    {
        var budget = new BufferBudget(10);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);

        BufferLease? lease = await manager.ReserveAsync(1, budget.OpenAccount(), 1000, default);

        Assert.Null(lease);
        Assert.Equal(0, budget.InUseBytes);
    }

    [Fact]
    public async Task ReserveAsync_MemoryFree_LendsItAtOnce()
    {
        var budget = new BufferBudget(1000);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);

        ValueTask<BufferLease?> reserve = manager.ReserveAsync(2, budget.OpenAccount(), 100, default);

        Assert.True(reserve.IsCompletedSuccessfully);
        using BufferLease? lease = await reserve;
        Assert.Equal((100L, 100L), (lease?.Bytes, budget.InUseBytes));
    }

    [Fact]
    public async Task ReserveAsync_MemoryFree_AllocatesOnlyTheLease()
    {
        // Once per OpenStream part: no token source, waiter or task when the budget lends at once.
        var budget = new BufferBudget(long.MaxValue);
        BufferAccount account = budget.OpenAccount();
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);
        (await manager.ReserveAsync(2, account, 100, default))?.Dispose();

        // Completed at once, so the await goes on in this thread, whose allocations are counted.
        long before = GC.GetAllocatedBytesForCurrentThread();
        BufferLease? lease = await manager.ReserveAsync(2, account, 100, default);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        lease?.Dispose();

        long leaseOnly = AllocatedBy(() => new BufferLease(account, 100));
        Assert.Equal(leaseOnly, allocated);
    }

    [Fact]
    public async Task ReserveAsync_WaitingForMemoryWhenTheReaderReachesThePart_ReturnsWithoutMemory()
    {
        var parts = new TestParts(partCount: 3, partSize: 100);
        var budget = new BufferBudget(100);
        using BufferLease hog = await budget.OpenAccount().AcquireAsync(100, default);
        BufferAccount account = budget.OpenAccount();
        using BufferLease ownFirst = await account.AcquireAsync(1, default);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);
        Task<BufferLease?> reserve = manager.ReserveAsync(2, account, 100, default).AsTask();
        Assert.False(reserve.IsCompleted);

        Task first = parts.DeliverAsync(manager, 1);

        // Reading part 1's last byte finishes it: the reader now needs part 2.
        Assert.Equal(100, await manager.ReadAsync(new byte[100], default));

        Assert.Null(await reserve.WaitAsync(Bound));
        Assert.Equal(2, manager.NextPartToRead);
        Assert.Equal(1, account.HeldBytes);
        await first;
    }

    [Fact]
    public async Task DeliverAsync_BufferedPartWithMemory_GivesTheMemoryBackWhenTheReaderFinishesIt()
    {
        var parts = new TestParts(partCount: 2, partSize: 100);
        var budget = new BufferBudget(1000);
        BufferAccount account = budget.OpenAccount();
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        BufferLease? lease = await manager.ReserveAsync(2, account, 100, default);
        Assert.NotNull(lease);

        await manager.DeliverAsync(2, parts.CreateBody(2), 100, default, handedLive: null, lease);
        Assert.Equal(100, budget.InUseBytes);
        Task first = parts.DeliverAsync(manager, 1);
        byte[] all = await PartBufferManagerTests.ReadAllAsync(manager, 64);

        Assert.Equal(parts.Object, all);
        Assert.Equal(0, budget.InUseBytes);
        await first;
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ReserveAsync_ManagerDisposedWhileWaiting_Throws()
    {
        var budget = new BufferBudget(10);
        using BufferLease hog = await budget.OpenAccount().AcquireAsync(10, default);
        BufferAccount account = budget.OpenAccount();
        using BufferLease own = await account.AcquireAsync(1, default);
        using var pool = new CountingArrayPool();
        var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);
        Task<BufferLease?> reserve = manager.ReserveAsync(3, account, 100, default).AsTask();

        manager.Dispose();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reserve.WaitAsync(Bound));
        Assert.Equal(1, account.HeldBytes);
    }

    private static long AllocatedBy(Func<object> allocate)
    {
        GC.KeepAlive(allocate());
        long before = GC.GetAllocatedBytesForCurrentThread();
        object made = allocate();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        GC.KeepAlive(made);
        return allocated;
    }
}
