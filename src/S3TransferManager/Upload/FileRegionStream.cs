using Microsoft.Win32.SafeHandles;

namespace S3TransferManager.Upload;

/// <summary>
/// A read-only, seekable view of one region of a file, read with <see cref="RandomAccess"/> on a handle shared by all
/// parts. Each part's request body reads straight from the file, so no part is buffered in memory, and the SDK can
/// seek back to the start to retry. Disposing it leaves the handle open: the upload command owns that.
/// </summary>
internal sealed class FileRegionStream : Stream
{
    private readonly SafeFileHandle _handle;
    private readonly long _start;
    private readonly long _length;
    private long _position;

    public FileRegionStream(SafeFileHandle handle, long start, long length)
    {
        _handle = handle;
        _start = start;
        _length = length;
    }

    public override bool CanRead => true;

    public override bool CanSeek => true;

    public override bool CanWrite => false;

    public override long Length => _length;

    public override long Position
    {
        get => _position;
        set => _position = value is >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(value));
    }

    public override int Read(Span<byte> buffer)
    {
        int count = Clamp(buffer.Length);
        if (count == 0)
        {
            return 0;
        }

        int read = RandomAccess.Read(_handle, buffer[..count], _start + _position);
        _position += read;
        return read;
    }

    /// <summary>Reads inline: on Unix RandomAccess.ReadAsync is a synchronous pread queued to the thread pool anyway,
    /// so doing it here saves a thread hop per read (the SDK reads part bodies in small pieces, twice when it hashes
    /// them), and a read served from the page cache takes microseconds.</summary>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<int>(cancellationToken);
        }

        return new ValueTask<int>(Read(buffer.Span));
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override long Seek(long offset, SeekOrigin origin)
    {
        Position = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _position + offset,
            SeekOrigin.End => _length + offset,
            _ => throw new ArgumentOutOfRangeException(nameof(origin)),
        };
        return _position;
    }

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private int Clamp(int requested) => (int)Math.Min(requested, Math.Max(0, _length - _position));
}
