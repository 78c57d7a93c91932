namespace S3TransferManager.Benchmarks.Buffering;

/// <summary>A read-only stream over an array that returns at most <c>maxReadSize</c> bytes per read, like a socket;
/// rewound with <see cref="Rewind"/> so a benchmark iteration allocates nothing.</summary>
public sealed class NetworkLikeStream : Stream
{
    private readonly byte[] _data;
    private readonly int _maxReadSize;
    private int _position;

    public NetworkLikeStream(byte[] data, int maxReadSize)
    {
        _data = data;
        _maxReadSize = maxReadSize;
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public void Rewind() => _position = 0;

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        int count = Math.Min(Math.Min(_maxReadSize, buffer.Length), _data.Length - _position);
        _data.AsSpan(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        new(Read(buffer.Span));

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
