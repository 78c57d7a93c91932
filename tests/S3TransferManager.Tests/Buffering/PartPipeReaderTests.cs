using System.Buffers;
using System.IO.Pipelines;
using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

public sealed class PartPipeReaderTests : IDisposable
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);
    private readonly CountingArrayPool _pool = new();
    private readonly CancellationTokenSource _stop = new();

    [Fact]
    public async Task AdvanceTo_PartOfTheBuffer_NextReadStartsAtTheFirstUnconsumedByte()
    {
        var parts = new TestParts(partCount: 2, partSize: 300);
        (PartBufferManager manager, PartPipeReader reader) = Open(parts);
        await DeliverAllBufferedAsync(parts, manager);

        ReadResult first = await reader.ReadAsync();
        reader.AdvanceTo(first.Buffer.GetPosition(10));
        ReadResult second = await reader.ReadAsync();

        Assert.Equal(parts.Object.AsSpan(10, 290).ToArray(), second.Buffer.ToArray());
        reader.Complete();
    }

    [Fact]
    public async Task AdvanceTo_ExaminedAllConsumedNothing_NextReadAppendsTheNextPart()
    {
        var parts = new TestParts(partCount: 2, partSize: 300);
        (PartBufferManager manager, PartPipeReader reader) = Open(parts);
        await DeliverAllBufferedAsync(parts, manager);

        ReadResult first = await reader.ReadAsync();
        reader.AdvanceTo(first.Buffer.Start, first.Buffer.End);
        Assert.False(reader.TryRead(out _));
        ReadResult second = await reader.ReadAsync();

        Assert.Equal(parts.Object, second.Buffer.ToArray());
        reader.Complete();
    }

    [Fact]
    public async Task TryRead_BeforeAnyRead_ReturnsFalse_AfterARead_ReturnsTheUnexaminedBuffer()
    {
        var parts = new TestParts(partCount: 1, partSize: 300);
        (PartBufferManager manager, PartPipeReader reader) = Open(parts);
        await DeliverAllBufferedAsync(parts, manager);

        Assert.False(reader.TryRead(out _));
        ReadResult read = await reader.ReadAsync();
        reader.AdvanceTo(read.Buffer.GetPosition(100), read.Buffer.GetPosition(100));

        Assert.True(reader.TryRead(out ReadResult again));
        Assert.Equal(parts.Object.AsSpan(100).ToArray(), again.Buffer.ToArray());
        reader.Complete();
    }

    [Fact]
    public async Task CancelPendingRead_WhileWaitingForAPart_ReturnsCanceledAndTheTransferGoesOn()
    {
        var parts = new TestParts(partCount: 2, partSize: 300);
        (PartBufferManager manager, PartPipeReader reader) = Open(parts);

        ValueTask<ReadResult> waiting = reader.ReadAsync();
        reader.CancelPendingRead();
        ReadResult canceled = await waiting.AsTask().WaitAsync(Bound);
        await DeliverAllBufferedAsync(parts, manager);

        Assert.True(canceled.IsCanceled);
        Assert.Equal(parts.Object, await ReadAllAsync(reader));
    }

    [Fact]
    public async Task CancelPendingRead_WhileALivePartIsRead_KeepsItsBytes()
    {
        byte[] part = TestData.Bytes((2 * ChunkedBufferStream.ChunkSize) + 11);
        var body = new GatedStream(part, freeBytes: 5000);
        var manager = new PartBufferManager(1, maxInMemoryParts: 2, _pool);
        var reader = new PartPipeReader(new BufferedMultipartStream(manager, part.Length, _stop));
        Task delivery = manager.DeliverAsync(1, body, part.Length, default).AsTask();

        ValueTask<ReadResult> waiting = reader.ReadAsync();
        await body.Waiting.WaitAsync(Bound);
        reader.CancelPendingRead();
        ReadResult canceled = await waiting.AsTask().WaitAsync(Bound);
        body.Open();

        Assert.True(canceled.IsCanceled);
        Assert.Equal(part, await ReadAllAsync(reader));
        await delivery.WaitAsync(Bound);
    }

    [Fact]
    public async Task CancelPendingRead_NoReadPending_CancelsTheNextReadOnly()
    {
        var parts = new TestParts(partCount: 1, partSize: 300);
        (PartBufferManager manager, PartPipeReader reader) = Open(parts);
        await DeliverAllBufferedAsync(parts, manager);

        reader.CancelPendingRead();

        Assert.True((await reader.ReadAsync()).IsCanceled);
        Assert.Equal(parts.Object, await ReadAllAsync(reader));
    }

    [Fact]
    public async Task ReadAsync_TokenCanceledWhileWaiting_ThrowsAndTheTransferGoesOn()
    {
        var parts = new TestParts(partCount: 2, partSize: 300);
        (PartBufferManager manager, PartPipeReader reader) = Open(parts);
        using var cancellation = new CancellationTokenSource();

        ValueTask<ReadResult> waiting = reader.ReadAsync(cancellation.Token);
        await cancellation.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
        await DeliverAllBufferedAsync(parts, manager);

        Assert.Equal(parts.Object, await ReadAllAsync(reader));
    }

    [Fact]
    public async Task ResponseStream_ReadAfterThePipeReader_ThrowsInvalidOperation()
    {
        var parts = new TestParts(partCount: 1, partSize: 300);
        var manager = new PartBufferManager(1, maxInMemoryParts: 2, _pool);
        var stream = new BufferedMultipartStream(manager, parts.Object.Length, _stop);
        var reader = new PartPipeReader(stream);
        await DeliverAllBufferedAsync(parts, manager);
        await reader.ReadAsync();

        await Assert.ThrowsAsync<InvalidOperationException>(async () => _ = await stream.ReadAsync(new byte[10]));
        reader.Complete();
    }

    public void Dispose()
    {
        _stop.Dispose();
        _pool.Dispose();
    }

    private (PartBufferManager Manager, PartPipeReader Reader) Open(TestParts parts)
    {
        var manager = new PartBufferManager(parts.PartCount, maxInMemoryParts: parts.PartCount + 1, _pool);
        return (manager, new PartPipeReader(new BufferedMultipartStream(manager, parts.Object.Length, _stop)));
    }

    /// <summary>Delivers every part before the reader asks, so each is buffered in pooled chunks.</summary>
    private static async Task DeliverAllBufferedAsync(TestParts parts, PartBufferManager manager)
    {
        for (int part = parts.PartCount; part >= 2; part--)
        {
            await parts.DeliverAsync(manager, part);
        }

        // Part 1 is the next part, so it is handed over live; its delivery ends when the reader has read it.
        _ = parts.DeliverAsync(manager, 1);
    }

    /// <summary>Reads to the end, consuming everything, then completes the reader (which returns its chunks).</summary>
    private static async Task<byte[]> ReadAllAsync(PipeReader reader)
    {
        var output = new MemoryStream();
        while (true)
        {
            ReadResult result = await reader.ReadAsync().AsTask().WaitAsync(Bound);
            foreach (ReadOnlyMemory<byte> segment in result.Buffer)
            {
                output.Write(segment.Span);
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        reader.Complete();
        return output.ToArray();
    }
}
