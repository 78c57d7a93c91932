namespace S3TransferManager.Buffering;

/// <summary>What every read-only stream of the library writes alike: the write side refused, the array overloads
/// passed on to the span and memory ones (which each stream must implement), and <see cref="Seek"/> through
/// <see cref="Stream.Position"/> for those that can seek.</summary>
internal abstract class ReadOnlyStream : Stream
{
    public override bool CanRead => true;

    public override bool CanWrite => false;

    public abstract override int Read(Span<byte> buffer);

    public abstract override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default);

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override long Seek(long offset, SeekOrigin origin)
    {
        if (!CanSeek)
        {
            throw new NotSupportedException("The stream cannot seek.");
        }

        Position = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => Position + offset,
            SeekOrigin.End => Length + offset,
            _ => throw new ArgumentOutOfRangeException(nameof(origin)),
        };
        return Position;
    }

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException("The stream is read-only.");

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("The stream is read-only.");

    /// <summary>A read answered at once, for a stream whose bytes are in memory or a local read away: no thread hop.</summary>
    private protected ValueTask<int> ReadInline(Memory<byte> buffer, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<int>(cancellationToken) : new ValueTask<int>(Read(buffer.Span));
}
