namespace S3TransferManager.Cli.Commands;

/// <summary>
/// Stdin as the library reads it, counting the bytes and telling once when a read finds the end: then the upload's
/// length is known, and once that many bytes are sent the display can say the upload is completing, whatever the
/// library's throttled events say. Read-only and not seekable, like the pipe it wraps; the pipe is not closed.
/// </summary>
internal sealed class EndObservingStream(Stream source, Action<long> ended) : Stream
{
    private long _read;
    private bool _ended;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer) => Count(source.Read(buffer), buffer.Length);

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        Count(await source.ReadAsync(buffer, cancellationToken), buffer.Length);

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private int Count(int read, int asked)
    {
        _read += read;
        if (read == 0 && asked > 0 && !_ended)
        {
            _ended = true;
            ended(_read);
        }

        return read;
    }
}
