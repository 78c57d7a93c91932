using Moq;
using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

public sealed class PartBufferManagerTests
{
    private const int Chunk = ChunkedBufferStream.ChunkSize;

    [Fact]
    public async Task ReadAsync_PartsDeliveredOutOfOrder_ReturnsBytesInOrder()
    {
        var parts = new TestParts(partCount: 4, partSize: (2 * Chunk) + 5);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(4, maxInMemoryParts: 4, pool);

        await parts.DeliverAsync(manager, 3);
        await parts.DeliverAsync(manager, 2);
        await parts.DeliverAsync(manager, 4);
        Task first = parts.DeliverAsync(manager, 1);
        byte[] read = await ReadAllAsync(manager, 10_000);
        await first;

        Assert.Equal(parts.Object, read);
        pool.AssertAllReturned();
        Assert.All(parts.Bodies, body => Assert.True(body.IsDisposed));
    }

    [Fact]
    public async Task DeliverAsync_ReaderWaitingForThePart_HandsBodyOverWithoutBuffering()
    {
        var parts = new TestParts(partCount: 1, partSize: (3 * Chunk) + 1);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        Task<byte[]> reader = ReadAllAsync(manager, Chunk);

        await parts.DeliverAsync(manager, 1);

        Assert.Equal(parts.Object, await reader);
        Assert.Equal(0, pool.RentCount);
    }

    [Fact]
    public async Task DeliverAsync_NextPartBeforeReaderArrives_HandsBodyOverWithoutBuffering()
    {
        var parts = new TestParts(partCount: 1, partSize: (3 * Chunk) + 1);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        Task delivery = parts.DeliverAsync(manager, 1);

        byte[] read = await ReadAllAsync(manager, Chunk);
        await delivery;

        Assert.Equal(parts.Object, read);
        Assert.Equal(0, pool.RentCount);
    }

    [Fact]
    public async Task DeliverAsync_LivePart_CompletesOnlyAfterReaderReadsItToTheEnd()
    {
        var parts = new TestParts(partCount: 1, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        Task delivery = parts.DeliverAsync(manager, 1);
        var buffer = new byte[99];
        await manager.ReadAsync(buffer, default);
        bool completedBeforeLastByte = delivery.IsCompleted;

        await manager.ReadAsync(buffer, default);

        Assert.False(completedBeforeLastByte);
        await delivery;
        Assert.True(parts.Bodies[0].IsDisposed);
    }

    [Fact]
    public async Task WaitForWindowAsync_PartTwoAheadOfReader_CompletesOnlyAfterReaderAdvances()
    {
        var parts = new TestParts(partCount: 3, partSize: 10);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 2, pool);
        ValueTask partTwo = manager.WaitForWindowAsync(2, default);
        Task partThree = manager.WaitForWindowAsync(3, default).AsTask();
        Task delivery = parts.DeliverAsync(manager, 1);
        bool completedBeforeAdvance = partThree.IsCompleted;

        await manager.ReadAsync(new byte[10], default);

        Assert.True(partTwo.IsCompletedSuccessfully);
        Assert.False(completedBeforeAdvance);
        await partThree;
        await delivery;
    }

    [Fact]
    public async Task ReadAsync_LastByteOfBufferedPart_ReturnsChunksAndAdvancesAtOnce()
    {
        var parts = new TestParts(partCount: 3, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 2, pool);
        await parts.DeliverAsync(manager, 2);
        Task live = parts.DeliverAsync(manager, 1);
        await manager.ReadAsync(new byte[100], default);

        int read = await manager.ReadAsync(new byte[100], default);

        Assert.Equal(100, read);
        Assert.Equal(3, manager.NextPartToRead);
        Assert.Equal(0, pool.OutstandingBytes);
        await live;
    }

    [Fact]
    public async Task ReadAsync_ReaderStalls_PoolOutstandingStaysWithinWindow()
    {
        const int window = 2;
        const int partSize = 4 * Chunk;
        var parts = new TestParts(partCount: 6, partSize);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(6, window, pool);

        // The fake bodies complete synchronously, so each producer runs until it waits: 1 live, 2 buffered, 3-6 wait.
        Task[] producers = [.. Enumerable.Range(1, 6).Select(part => parts.WaitAndDeliverAsync(manager, part))];
        long outstandingWhileStalled = pool.OutstandingBytes;
        byte[] read = await ReadAllAsync(manager, 1000);
        await Task.WhenAll(producers);

        Assert.Equal(partSize, outstandingWhileStalled);
        Assert.Equal(parts.Object, read);
        Assert.InRange(pool.MaxOutstandingBytes, 0, (window * partSize) + Chunk);
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ReadAsync_AwaitedPartFails_ThrowsPartDownloadExceptionNamingIt()
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        var cause = new IOException("connection reset");
        ValueTask<int> read = manager.ReadAsync(new byte[10], default);

        manager.Fail(1, cause);

        var error = await Assert.ThrowsAsync<PartDownloadException>(async () => await read);
        Assert.Equal(1, error.PartNumber);
        Assert.Same(cause, error.InnerException);
    }

    [Fact]
    public async Task ReadAsync_AfterAFailure_KeepsThrowing()
    {
        var parts = new TestParts(partCount: 3, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);
        await parts.DeliverAsync(manager, 2);
        Task delivery = parts.DeliverAsync(manager, 1);
        await manager.ReadAsync(new byte[10], default);

        manager.Fail(3, new IOException("boom"));

        var first = await Assert.ThrowsAsync<PartDownloadException>(() => manager.ReadAsync(new byte[10], default).AsTask());
        var second = await Assert.ThrowsAsync<PartDownloadException>(() => manager.ReadAsync(new byte[10], default).AsTask());
        Assert.Equal(3, first.PartNumber);
        Assert.Equal(3, second.PartNumber);
        await delivery;
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(1)]
    public async Task DeliverAsync_BufferedBodyOfWrongLength_FailsDelivererAndReader(int lengthError)
    {
        var parts = new TestParts(partCount: 2, partSize: Chunk + 3);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        var body = new ChunkyStream(new byte[Chunk + 3 + lengthError], 4096);

        var delivered = await Assert.ThrowsAsync<PartDownloadException>(
            () => manager.DeliverAsync(2, body, Chunk + 3, default).AsTask());
        var read = await Assert.ThrowsAsync<PartDownloadException>(() => manager.ReadAsync(new byte[10], default).AsTask());

        Assert.Equal(2, delivered.PartNumber);
        Assert.Equal(2, read.PartNumber);
        Assert.True(body.IsDisposed);
        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(1)]
    public async Task ReadAsync_LiveBodyOfWrongLength_ThrowsPartDownloadException(int lengthError)
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        var body = new ChunkyStream(new byte[100 + lengthError], 4096);
        Task delivery = manager.DeliverAsync(1, body, 100, default).AsTask();

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => ReadAllAsync(manager, 1000));

        Assert.Equal(1, error.PartNumber);
        await delivery;
        Assert.True(body.IsDisposed);
    }

    [Fact]
    public async Task ReadAsync_LiveBodyThrows_ThrowsPartDownloadExceptionWithTheError()
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        var cause = new IOException("connection reset");
        var body = new Mock<Stream>();
        body.Setup(s => s.ReadAsync(It.IsAny<Memory<byte>>(), It.IsAny<CancellationToken>())).ThrowsAsync(cause);
        Task delivery = manager.DeliverAsync(1, body.Object, 100, default).AsTask();

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => manager.ReadAsync(new byte[10], default).AsTask());

        Assert.Equal(1, error.PartNumber);
        Assert.Same(cause, error.InnerException);
        await delivery;
    }

    [Fact]
    public async Task ReadAsync_WaitCanceled_ThrowsOperationCanceledAndLaterReadsWork()
    {
        var parts = new TestParts(partCount: 1, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(1, maxInMemoryParts: 2, pool);
        using var cancellation = new CancellationTokenSource();
        ValueTask<int> waiting = manager.ReadAsync(new byte[10], cancellation.Token);

        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
        Task delivery = parts.DeliverAsync(manager, 1);
        Assert.Equal(parts.Object, await ReadAllAsync(manager, 1000));
        await delivery;
    }

    [Fact]
    public async Task Dispose_AfterReadingOneByte_ReturnsEveryChunkAndReleasesProducers()
    {
        var parts = new TestParts(partCount: 4, partSize: (2 * Chunk) + 1);
        using var pool = new CountingArrayPool();
        var manager = new PartBufferManager(4, maxInMemoryParts: 3, pool);
        await parts.DeliverAsync(manager, 2);
        await parts.DeliverAsync(manager, 3);
        Task live = parts.DeliverAsync(manager, 1);
        Task waiting = manager.WaitForWindowAsync(4, default).AsTask();
        await manager.ReadAsync(new byte[1], default);

        manager.Dispose();

        await live;
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiting);
        pool.AssertAllReturned();
        Assert.All(parts.Bodies, body => Assert.True(body.IsDisposed));
    }

    [Fact]
    public async Task Dispose_WhileReaderHoldsBufferedPart_ReturnsItsChunks()
    {
        var parts = new TestParts(partCount: 2, partSize: (2 * Chunk) + 1);
        using var pool = new CountingArrayPool();
        var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        await parts.DeliverAsync(manager, 2);
        Task live = parts.DeliverAsync(manager, 1);
        var buffer = new byte[parts.PartSize];
        while (manager.NextPartToRead == 1)
        {
            await manager.ReadAsync(buffer, default);
        }

        await manager.ReadAsync(new byte[1], default);
        manager.Dispose();

        await live;
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task DeliverAsync_AfterDispose_DisposesBodyAndReturns()
    {
        using var pool = new CountingArrayPool();
        var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        manager.Dispose();
        var body = new ChunkyStream(new byte[10], 10);

        await manager.DeliverAsync(2, body, 10, default);

        Assert.True(body.IsDisposed);
    }

    [Fact]
    public async Task ReadAsync_ReaderWaitingWhenDisposed_ThrowsObjectDisposed()
    {
        using var pool = new CountingArrayPool();
        var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        ValueTask<int> read = manager.ReadAsync(new byte[10], default);

        manager.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await read);
    }

    [Fact]
    public async Task ReadAsync_NoParts_ReturnsZero()
    {
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(0, maxInMemoryParts: 2, pool);

        Assert.Equal(0, await manager.ReadAsync(new byte[10], default));
    }

    [Fact]
    public async Task ReadAsync_BufferedPart_CompletesSynchronously()
    {
        var parts = new TestParts(partCount: 2, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        await parts.DeliverAsync(manager, 2);
        Task live = parts.DeliverAsync(manager, 1);
        await manager.ReadAsync(new byte[100], default);
        await manager.ReadAsync(new byte[1], default);

        ValueTask<int> read = manager.ReadAsync(new byte[10], default);

        Assert.True(read.IsCompletedSuccessfully);
        Assert.Equal(10, await read);
        await live;
    }

    internal static async Task<byte[]> ReadAllAsync(PartBufferManager manager, int readSize)
    {
        var output = new MemoryStream();
        var buffer = new byte[readSize];
        int read;
        while ((read = await manager.ReadAsync(buffer, default)) > 0)
        {
            output.Write(buffer, 0, read);
        }

        return output.ToArray();
    }
}
