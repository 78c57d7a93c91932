namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>
/// Wraps a request or response body stream and paces it through the connection's <see cref="ConnectionThrottle"/>,
/// in slices small enough for the pace to be smooth. Asynchronous only: a throttled synchronous call would block a thread.
/// Does not own the inner stream (Kestrel does).
/// </summary>
internal sealed class ThrottledStream(Stream inner, ConnectionThrottle throttle) : Stream
{
    private const int SliceSize = 64 * 1024;

    public override bool CanRead => inner.CanRead;

    public override bool CanSeek => false;

    public override bool CanWrite => inner.CanWrite;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        int read = await inner.ReadAsync(buffer[..Math.Min(buffer.Length, SliceSize)], cancellationToken);
        await throttle.WaitAsync(read, cancellationToken);
        return read;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        while (!buffer.IsEmpty)
        {
            ReadOnlyMemory<byte> slice = buffer[..Math.Min(buffer.Length, SliceSize)];
            await throttle.WaitAsync(slice.Length, cancellationToken);
            await inner.WriteAsync(slice, cancellationToken);
            buffer = buffer[slice.Length..];
        }
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

    public override void Flush() => inner.Flush();

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("Use ReadAsync.");

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("Use WriteAsync.");

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
