using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

/// <summary>
/// The reader's part is told so once: a part handed to the reader live at once, and a part still being read into
/// chunks once the reader comes to wait for it (OpenStream then gives its request slot back), never a part the reader
/// has not reached.
/// </summary>
public sealed class PartBufferManagerReadersPartTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task ReadAsync_WaitingForAPartStillBeingBuffered_TellsItOnceThatItIsTheReaders()
    {
        var parts = new TestParts(partCount: 3, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(3, maxInMemoryParts: 3, pool);
        var told = new List<Stream>();
        void Told(Stream body)
        {
            lock (told)
            {
                told.Add(body);
            }
        }

        var held = new HeldStream(parts.Object.AsMemory(100, 100).ToArray());
        Task second = manager.DeliverAsync(2, held, 100, default, Told).AsTask();
        await held.FirstReadStarted.WaitAsync(Bound);
        Task first = manager.DeliverAsync(1, parts.CreateBody(1), 100, default, Told).AsTask();
        var copy = new MemoryStream();
        var buffer = new byte[100];
        copy.Write(buffer, 0, await manager.ReadAsync(buffer, default));
        Assert.Equal(100, copy.Length);
        Stream[] beforeWaiting = [.. told];

        // The reader needs part 2, still being read into chunks: it waits, and part 2 is told.
        Task<int> waiting = manager.ReadAsync(buffer, default).AsTask();
        Assert.False(waiting.IsCompleted);
        held.Release();
        copy.Write(buffer, 0, await waiting.WaitAsync(Bound));
        Task third = parts.DeliverAsync(manager, 3);
        int read;
        while ((read = await manager.ReadAsync(buffer, default).AsTask().WaitAsync(Bound)) > 0)
        {
            copy.Write(buffer, 0, read);
        }

        await Task.WhenAll(first, second, third).WaitAsync(Bound);
        Assert.Single(beforeWaiting);
        Assert.NotSame(held, beforeWaiting[0]);
        Assert.Equal(2, told.Count);
        Assert.Same(held, told[1]);
        Assert.Equal(parts.Object, copy.ToArray());
    }

    [Fact]
    public async Task ReadAsync_PartBufferedBeforeTheReaderNeedsIt_IsNeverTold()
    {
        var parts = new TestParts(partCount: 2, partSize: 100);
        using var pool = new CountingArrayPool();
        using var manager = new PartBufferManager(2, maxInMemoryParts: 2, pool);
        int told = 0;
        await manager.DeliverAsync(2, parts.CreateBody(2), 100, default, _ => Interlocked.Increment(ref told));
        Task first = parts.DeliverAsync(manager, 1);

        var buffer = new byte[100];
        Assert.Equal(100, await manager.ReadAsync(buffer, default));
        Assert.Equal(100, await manager.ReadAsync(buffer, default));
        Assert.Equal(0, await manager.ReadAsync(buffer, default));

        await first.WaitAsync(Bound);
        Assert.Equal(0, told);
    }

    /// <summary>A body whose first read waits for <see cref="Release"/>, then gives its bytes.</summary>
    private sealed class HeldStream(byte[] content) : MemoryStream(content, writable: false)
    {
        private readonly TaskCompletionSource _release = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource _firstReadStarted = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task FirstReadStarted => _firstReadStarted.Task;

        public void Release() => _release.TrySetResult();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            _firstReadStarted.TrySetResult();
            await _release.Task.WaitAsync(cancellationToken);
            return await base.ReadAsync(buffer, cancellationToken);
        }
    }
}
