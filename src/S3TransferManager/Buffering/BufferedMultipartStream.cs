using System.Buffers;
using System.Runtime.CompilerServices;

namespace S3TransferManager.Buffering;

/// <summary>
/// The read-only, non-seekable stream over a <see cref="PartBufferManager"/> that callers of OpenStream read. It owns
/// the manager and the producers filling it: disposing it cancels them and returns every pooled chunk.
/// Invariant: <c>_position</c> counts the bytes handed to the caller.
/// </summary>
internal sealed class BufferedMultipartStream : ReadOnlyStream
{
    private readonly PartBufferManager _manager;
    private readonly CancellationTokenSource _stopProducers;
    private readonly long _length;
    private readonly TimeSpan? _disposeWaitLimit;
    private Task _producers = Task.CompletedTask;
    private PartReader? _reader;
    private long _position;
    private int _disposed;

    /// <param name="manager">The parts, in order.</param>
    /// <param name="length">The object's length.</param>
    /// <param name="stopProducers">Cancels the producers; canceled on disposal.</param>
    /// <param name="disposeWaitLimit">How long <see cref="DisposeAsync"/> waits for the producers to stop; null: as long
    /// as they take.</param>
    public BufferedMultipartStream(PartBufferManager manager, long length, CancellationTokenSource stopProducers, TimeSpan? disposeWaitLimit = null)
    {
        _disposeWaitLimit = disposeWaitLimit;
        _manager = manager;
        _length = length;
        _stopProducers = stopProducers;
    }

    /// <summary>Completes when every producer has stopped (all requests finished or cancelled).</summary>
    internal Task Producers => _producers;

    internal PartBufferManager Manager => _manager;

    /// <summary>Attaches the running producers; their failures already reach the reader through the manager, so
    /// the task's own exception is observed here and never surfaces as unobserved.</summary>
    internal void AttachProducers(Task producers)
    {
        _producers = producers;
        _ = producers.ContinueWith(static t => _ = t.Exception, CancellationToken.None,
            TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
    }

    public override bool CanRead => Volatile.Read(ref _disposed) == 0;

    public override bool CanSeek => false;

    /// <summary>The object's length: known from the first response, even though the stream cannot seek.</summary>
    public override long Length => _length;

    public override long Position
    {
        get => _position;
        set => throw new NotSupportedException("The stream reads an S3 object front to back and cannot seek.");
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        // Opened on the first read, so that a PipeReader opened first makes this stream refuse, and the other way round.
        ValueTask<int> read = (_reader ??= _manager.OpenReader("ResponseStream")).ReadAsync(buffer, cancellationToken);
        if (read.IsCompletedSuccessfully)
        {
            int count = read.Result;
            _position += count;
            return new ValueTask<int>(count);
        }

        return AwaitReadAsync(read);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> AwaitReadAsync(ValueTask<int> pending)
    {
        int count = await pending.ConfigureAwait(false);
        _position += count;
        return count;
    }

    public override int Read(byte[] buffer, int offset, int count) => ReadSync(buffer.AsMemory(offset, count));

    public override int Read(Span<byte> buffer)
    {
        byte[] rented = ArrayPool<byte>.Shared.Rent(Math.Min(buffer.Length, TransferLimits.BufferSize));
        try
        {
            int read = ReadSync(rented.AsMemory(0, Math.Min(buffer.Length, rented.Length)));
            rented.AsSpan(0, read).CopyTo(buffer);
            return read;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Stream.Read is the one place sync may bridge to async: buffered data completes synchronously, and a
    /// caller that chose the synchronous API blocks only while a part is still on its way.</summary>
    private int ReadSync(Memory<byte> buffer)
    {
        ValueTask<int> read = ReadAsync(buffer, CancellationToken.None);
        return read.IsCompletedSuccessfully ? read.Result : read.AsTask().GetAwaiter().GetResult();
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing && Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            // Cancel first so no producer starts a new request, then release what is buffered and anyone waiting.
            _stopProducers.Cancel();
            _manager.Dispose();
            _ = _producers.ContinueWith(static (_, cts) => ((CancellationTokenSource)cts!).Dispose(), _stopProducers,
                CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }

        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        Dispose(disposing: true);

        // Producers were canceled; one stuck in a call that ignores cancellation is not waited for past the limit.
        Task producers = _disposeWaitLimit is { } limit ? _producers.WaitAsync(limit) : _producers;
        await producers.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        GC.SuppressFinalize(this);
    }
}
