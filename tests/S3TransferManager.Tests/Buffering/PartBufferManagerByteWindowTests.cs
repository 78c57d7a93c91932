using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

/// <summary>A manager whose window counts bytes over parts of unequal length (full parts, then smaller ones, as
/// OpenStream's layout ends): small parts enter the window by their own length, and each still gets a slot of its own.</summary>
public sealed class PartBufferManagerByteWindowTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    /// <summary>Parts of 4, 4, 2, 2, 2 and 2 bytes; a window of 8 bytes holds two full parts or four small ones.</summary>
    private static readonly int[] s_lengths = [4, 4, 2, 2, 2, 2];
    private readonly byte[] _object = TestData.Bytes(s_lengths.Sum());

    [Fact]
    public async Task WaitForWindowAsync_SmallPartsBehindTheReader_EnterByTheirLength()
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(s_lengths.Length, Window(), pool);
        Task partThree = manager.WaitForWindowAsync(3, default).AsTask();
        Task partFour = manager.WaitForWindowAsync(4, default).AsTask();
        Task partFive = manager.WaitForWindowAsync(5, default).AsTask();
        bool waitedForTheReader = !partThree.IsCompleted;
        Task first = manager.DeliverAsync(1, Body(1), s_lengths[0], default).AsTask();

        Assert.Equal(4, await manager.ReadAsync(new byte[4], default));

        // From part 2 (bytes 4..7) the window reaches byte 11: parts 3 and 4, not 5.
        await Task.WhenAll(partThree, partFour).WaitAsync(Bound);
        Assert.True(waitedForTheReader);
        Assert.False(partFive.IsCompleted);
        await first.WaitAsync(Bound);
        manager.Dispose();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => partFive.WaitAsync(Bound));
    }

    [Fact]
    public async Task ReadAsync_SmallPartsDeliveredOutOfOrder_ReadsEveryByteInOrderAndReturnsEveryChunk()
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(s_lengths.Length, Window(), pool);
        var copy = new MemoryStream();
        var buffer = new byte[3];

        // Every part is delivered as soon as the window reaches it, last part first within the window.
        Task deliveries = Task.WhenAll(Enumerable.Range(1, s_lengths.Length).Reverse().Select(part => DeliverInTurnAsync(manager, part)));
        int read;
        while ((read = await manager.ReadAsync(buffer, default).AsTask().WaitAsync(Bound)) > 0)
        {
            copy.Write(buffer, 0, read);
        }

        await deliveries.WaitAsync(Bound);
        Assert.Equal(_object, copy.ToArray());
        manager.Dispose();
        Assert.Equal(0, pool.OutstandingBytes);
    }

    private static PartWindow Window() => PartWindow.OfBytes(8, s_lengths.Length, Start, part => Start(part) + s_lengths[part - 1] - 1);

    private static long Start(int part) => s_lengths.Take(part - 1).Sum();

    private async Task DeliverInTurnAsync(PartBufferManager manager, int part)
    {
        await manager.WaitForWindowAsync(part, default);
        await manager.DeliverAsync(part, Body(part), s_lengths[part - 1], default);
    }

    private MemoryStream Body(int part) => new(_object, (int)Start(part), s_lengths[part - 1], writable: false);
}
