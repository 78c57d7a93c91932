namespace S3TransferManager.TestSupport;

/// <summary>
/// A read-only, non-seekable stream over a byte array that answers each read with at most a given number of bytes
/// (or a size chosen by a callback), like a network stream. Counts reads and records disposal.
/// </summary>
public sealed class ChunkyStream : Stream
{
    private readonly byte[] _data;
    private readonly Func<int, int> _nextReadSize;
    private int _position;

    public ChunkyStream(byte[] data, int maxReadSize)
        : this(data, _ => maxReadSize)
    {
    }

    /// <param name="data">The bytes the stream returns.</param>
    /// <param name="nextReadSize">Given the read index, the most bytes that read may return (at least 1).</param>
    /// <param name="yieldOnAsyncReads">When true, every asynchronous read yields first, as a socket read that is
    /// not ready would.</param>
    public ChunkyStream(byte[] data, Func<int, int> nextReadSize, bool yieldOnAsyncReads = false)
    {
        _data = data;
        _nextReadSize = nextReadSize;
        YieldOnAsyncReads = yieldOnAsyncReads;
    }

    public bool YieldOnAsyncReads { get; }

    public int ReadCount { get; private set; }

    public bool IsDisposed { get; private set; }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        ObjectDisposedException.ThrowIf(IsDisposed, this);
        int size = Math.Max(1, _nextReadSize(ReadCount++));
        int count = Math.Min(Math.Min(size, buffer.Length), _data.Length - _position);
        _data.AsSpan(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return YieldOnAsyncReads ? YieldThenReadAsync(buffer) : new ValueTask<int>(Read(buffer.Span));
    }

    private async ValueTask<int> YieldThenReadAsync(Memory<byte> buffer)
    {
        await Task.Yield();
        return Read(buffer.Span);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        IsDisposed = true;
        base.Dispose(disposing);
    }
}
