using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class LargestFirstQueueTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(10);

    [Fact]
    public async Task ReadAllAsync_ItemsWaiting_TakesLargestFirstAndEqualSizesInOrderFound()
    {
        var queue = new LargestFirstQueue<(string Name, long Size)>(10, static item => item.Size);
        foreach (var item in new[] { ("a", 3L), ("b", 9L), ("c", 1L), ("d", 9L), ("e", 5L) })
        {
            await queue.WriteAsync(item, CancellationToken.None);
        }

        queue.Complete();

        Assert.Equal(["b", "d", "e", "a", "c"], await NamesAsync(queue));
    }

    [Fact]
    public async Task ReadAllAsync_NoSizeFunction_KeepsOrderFound()
    {
        var queue = new LargestFirstQueue<(string Name, long Size)>(10, size: null);
        foreach (var item in new[] { ("a", 3L), ("b", 9L), ("c", 1L) })
        {
            await queue.WriteAsync(item, CancellationToken.None);
        }

        queue.Complete();

        Assert.Equal(["a", "b", "c"], await NamesAsync(queue));
    }

    [Fact]
    public async Task WriteAsync_QueueFull_WaitsUntilAnItemIsTaken()
    {
        var queue = new LargestFirstQueue<int>(2, static item => item);
        await queue.WriteAsync(1, CancellationToken.None);
        await queue.WriteAsync(2, CancellationToken.None);

        ValueTask third = queue.WriteAsync(3, CancellationToken.None);
        bool waitedWhileFull = !third.IsCompleted;
        await using IAsyncEnumerator<int> reader = queue.ReadAllAsync(CancellationToken.None).GetAsyncEnumerator();
        Assert.True(await reader.MoveNextAsync().AsTask().WaitAsync(s_bound));
        await third.AsTask().WaitAsync(s_bound);

        Assert.True(waitedWhileFull);
        // The writer's wait ends as the token is read, so the third item may be in the heap before the reader takes
        // one: the reader takes the largest of what is there then, 2 or 3.
        Assert.Contains(reader.Current, new[] { 2, 3 });
        Assert.Equal(2, queue.Count);
    }

    [Fact]
    public async Task ReadAllAsync_CompletedWithError_ThrowsItAfterTheItemsWaiting()
    {
        var queue = new LargestFirstQueue<int>(4, static item => item);
        await queue.WriteAsync(1, CancellationToken.None);
        var error = new IOException("listing failed");
        queue.Complete(error);

        var taken = new List<int>();
        var thrown = await Assert.ThrowsAsync<IOException>(async () =>
        {
            await foreach (int item in queue.ReadAllAsync(CancellationToken.None))
            {
                taken.Add(item);
            }
        });

        Assert.Same(error, thrown);
        Assert.Equal([1], taken);
    }

    private static async Task<List<string>> NamesAsync(LargestFirstQueue<(string Name, long Size)> queue)
    {
        var names = new List<string>();
        await foreach ((string name, _) in queue.ReadAllAsync(CancellationToken.None).WithCancellation(CancellationToken.None))
        {
            names.Add(name);
        }

        return names;
    }
}
