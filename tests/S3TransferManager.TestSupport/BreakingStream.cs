namespace S3TransferManager.TestSupport;

/// <summary>
/// A read-only, non-seekable stream over a byte array that throws an <see cref="IOException"/> once
/// <c>breakAt</c> bytes have been read, as a connection reset mid-body would. Records disposal.
/// </summary>
public sealed class BreakingStream(byte[] data, int breakAt) : Stream
{
    private int _position;

    public bool IsDisposed { get; private set; }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(Span<byte> buffer)
    {
        ObjectDisposedException.ThrowIf(IsDisposed, this);
        int available = Math.Min(breakAt, data.Length) - _position;
        if (available <= 0 && !buffer.IsEmpty)
        {
            throw new IOException($"Injected connection reset after {_position} bytes.");
        }

        int count = Math.Min(buffer.Length, available);
        data.AsSpan(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        try
        {
            return new ValueTask<int>(Read(buffer.Span));
        }
        catch (IOException e)
        {
            return ValueTask.FromException<int>(e);
        }
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
