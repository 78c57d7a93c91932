namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>A response body that can break, end early or corrupt a byte, and that reports when it is finished.</summary>
internal sealed class FaultingStream(Stream inner, Fault? fault, RecordingHandler.OnceAction onFinished) : Stream
{
    private long _position;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => _position;
        set => throw new NotSupportedException();
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        switch (fault)
        {
            case Fault.ResetAfter reset when _position >= reset.Bytes:
                throw new IOException("Injected connection reset.");
            case Fault.ResetAfter reset:
                buffer = buffer[..(int)Math.Min(buffer.Length, reset.Bytes - _position)];
                break;
            case Fault.TruncateAfter truncate when _position >= truncate.Bytes:
                onFinished.Run();
                return 0;
            case Fault.TruncateAfter truncate:
                buffer = buffer[..(int)Math.Min(buffer.Length, truncate.Bytes - _position)];
                break;
        }

        int read = await inner.ReadAsync(buffer, cancellationToken);
        if (fault is Fault.FlipByte flip && flip.Offset >= _position && flip.Offset < _position + read)
        {
            buffer.Span[(int)(flip.Offset - _position)] ^= 0xFF;
        }

        _position += read;
        if (read == 0)
        {
            onFinished.Run();
        }

        return read;
    }

    public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

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
        if (disposing)
        {
            onFinished.Run();
            inner.Dispose();
        }

        base.Dispose(disposing);
    }
}
