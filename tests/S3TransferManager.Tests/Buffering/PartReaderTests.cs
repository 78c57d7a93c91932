using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

public sealed class PartReaderTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public void OpenReader_Twice_ThrowsInvalidOperationNamingTheFirstReader()
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        manager.OpenReader("ResponseStream");

        var error = Assert.Throws<InvalidOperationException>(() => manager.OpenReader("PipeReader"));

        Assert.Contains("ResponseStream", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadAsync_LiveReadCanceled_FailsNothingAndTheNextReadContinues()
    {
        byte[] part = TestData.Bytes(10_000);
        var body = new GatedStream(part, freeBytes: 1000);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        PartReader reader = manager.OpenReader("test");
        Task delivery = manager.DeliverAsync(1, body, part.Length, default).AsTask();
        var output = new MemoryStream();
        var buffer = new byte[1000];
        output.Write(buffer, 0, await reader.ReadAsync(buffer, default));

        using var cancellation = new CancellationTokenSource();
        ValueTask<int> waiting = reader.ReadAsync(buffer, cancellation.Token);
        await body.Waiting.WaitAsync(Bound);
        await cancellation.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
        body.Open();
        int read;
        while ((read = await reader.ReadAsync(buffer, default).AsTask().WaitAsync(Bound)) > 0)
        {
            output.Write(buffer, 0, read);
        }

        Assert.Equal(part, output.ToArray());
        await delivery.WaitAsync(Bound);
        Assert.False(manager.IsStopped);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task TakePartAsync_CanceledWhileLivePartIsRead_KeepsItsBytesForTheNextTake()
    {
        byte[] part = TestData.Bytes((2 * ChunkedBufferStream.ChunkSize) + 7);
        var body = new GatedStream(part, freeBytes: ChunkedBufferStream.ChunkSize + 3);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        PartReader reader = manager.OpenReader("test");
        Task delivery = manager.DeliverAsync(1, body, part.Length, default).AsTask();
        using var cancellation = new CancellationTokenSource();

        ValueTask<ChunkedBufferStream?> waiting = reader.TakePartAsync(cancellation.Token);
        await body.Waiting.WaitAsync(Bound);
        await cancellation.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
        body.Open();
        using ChunkedBufferStream? taken = await reader.TakePartAsync(default).AsTask().WaitAsync(Bound);

        Assert.NotNull(taken);
        var copy = new byte[part.Length];
        Assert.Equal(part.Length, taken.Read(copy));
        Assert.Equal(part, copy);
        Assert.Null(await reader.TakePartAsync(default));
        await delivery.WaitAsync(Bound);
        taken.Dispose();
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ReadAsync_AfterTakePartAsync_ThrowsInvalidOperation()
    {
        var parts = new TestParts(partCount: 2, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        PartReader reader = manager.OpenReader("test");
        await parts.DeliverAsync(manager, 2);
        Task first = parts.DeliverAsync(manager, 1);
        (await reader.TakePartAsync(default))!.Dispose();

        await Assert.ThrowsAsync<InvalidOperationException>(async () => await reader.ReadAsync(new byte[10], default));
        await first;
    }

    [Fact]
    public async Task Dispose_ReaderWaitingOnLiveBody_EndsTheReadAndDisposesTheBody()
    {
        byte[] part = TestData.Bytes(5000);
        var body = new GatedStream(part, freeBytes: 0);
        using var pool = new CountingArrayPool();
        var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        PartReader reader = manager.OpenReader("test");
        Task delivery = manager.DeliverAsync(1, body, part.Length, default).AsTask();
        ValueTask<int> waiting = reader.ReadAsync(new byte[100], default);
        await body.Waiting.WaitAsync(Bound);

        manager.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await waiting.AsTask().WaitAsync(Bound));
        Assert.True(body.IsDisposed);
        await delivery.WaitAsync(Bound);
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await reader.ReadAsync(new byte[1], default));
    }
}
