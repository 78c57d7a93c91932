using System.Buffers;
using S3TransferManager.Buffering;

namespace S3TransferManager.Upload;

/// <summary>A read-only, seekable stream over a <see cref="ReadOnlySequence{T}"/> it does not own: a second reader of a
/// buffered part's chunks (<see cref="Buffering.ChunkedBufferStream.AsReadOnlySequence"/>), with its own position.
/// Valid only while the part's buffer is, which its owner keeps until every attempt reading it has ended.</summary>
internal sealed class SequenceReadStream(ReadOnlySequence<byte> bytes) : ReadOnlyStream
{
    private long _position;

    public override bool CanSeek => true;

    public override long Length => bytes.Length;

    public override long Position
    {
        get => _position;
        set => _position = value is >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(value));
    }

    public override int Read(Span<byte> buffer)
    {
        if (_position >= bytes.Length || buffer.IsEmpty)
        {
            return 0;
        }

        ReadOnlySequence<byte> rest = bytes.Slice(_position);
        int count = (int)Math.Min(buffer.Length, rest.Length);
        rest.Slice(0, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ReadInline(buffer, cancellationToken);
}
