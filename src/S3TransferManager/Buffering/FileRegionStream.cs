using System.Buffers;
using Microsoft.Win32.SafeHandles;

namespace S3TransferManager.Buffering;

/// <summary>
/// A read-only, seekable view of one region of a file, read with <see cref="RandomAccess"/> on a handle shared by all
/// parts. Each part's request body reads straight from the file, so no part is buffered whole in memory, and the SDK
/// can seek back to the start to retry. Disposing it leaves the handle open: the upload command owns that.
/// <para>The SDK reads bodies in small pieces (4 KiB while it hashes a part for the signature, 8 KiB while it sends
/// it): each would be a system call. Reads smaller than <see cref="TransferLimits.BufferSize"/> are served from one
/// pooled window of that size, read ahead from the file, which the stream owns and returns once, on disposal.</para>
/// </summary>
internal sealed class FileRegionStream : ReadOnlyStream
{
    private readonly SafeFileHandle _handle;
    private readonly long _start;
    private readonly long _length;
    private readonly ArrayPool<byte> _pool;

    // The read position within the region.
    private long _position;

    // The read-ahead window: rented on the first small read, null again after disposal.
    private byte[]? _window;

    // The region offset of _window[0] and how many bytes it holds; an empty window (0) holds nothing.
    private long _windowStart;
    private int _windowCount;

    // Set once by Dispose: reads then throw, so no window is rented after the one return.
    private bool _disposed;

    public FileRegionStream(SafeFileHandle handle, long start, long length, ArrayPool<byte>? pool = null)
    {
        _handle = handle;
        _start = start;
        _length = length;
        _pool = pool ?? ArrayPool<byte>.Shared;
    }

    /// <summary>Another stream over the same region, with its own position and window: a second attempt at the same
    /// part (a hedge) reads it while the first may still be reading this one.</summary>
    public FileRegionStream OpenView() => new(_handle, _start, _length, _pool);

    public override bool CanSeek => true;

    public override long Length => _length;

    public override long Position
    {
        get => _position;
        set => _position = value is >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(value));
    }

    public override int Read(Span<byte> buffer)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        int count = Clamp(buffer.Length);
        if (count == 0)
        {
            return 0;
        }

        int read;
        if (_position >= _windowStart && _position < _windowStart + _windowCount)
        {
            // Served from the window: no system call.
            read = Math.Min(count, (int)(_windowStart + _windowCount - _position));
            _window!.AsSpan((int)(_position - _windowStart), read).CopyTo(buffer);
        }
        else if (buffer.Length >= TransferLimits.BufferSize)
        {
            // A large read goes straight into the caller's buffer; the window would only add a copy.
            read = RandomAccess.Read(_handle, buffer[..count], _start + _position);
        }
        else
        {
            read = Math.Min(count, FillWindow());
            _window!.AsSpan(0, read).CopyTo(buffer);
        }

        _position += read;
        return read;
    }

    /// <summary>Reads inline: on Unix RandomAccess.ReadAsync is a synchronous pread queued to the thread pool anyway,
    /// so doing it here saves a thread hop per read, and a read served from the page cache (or the window) takes
    /// microseconds.</summary>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ReadInline(buffer, cancellationToken);

    protected override void Dispose(bool disposing)
    {
        _disposed = true;
        if (disposing && _window is { } window)
        {
            _window = null;
            _windowCount = 0;
            _pool.Return(window);
        }

        base.Dispose(disposing);
    }

    /// <summary>Reads the window at the current position; returns how many bytes it holds (0 at the file's end).</summary>
    private int FillWindow()
    {
        _window ??= _pool.Rent(TransferLimits.BufferSize);
        int want = (int)Math.Min(TransferLimits.BufferSize, _length - _position);
        _windowStart = _position;
        _windowCount = RandomAccess.Read(_handle, _window.AsSpan(0, want), _start + _position);
        return _windowCount;
    }

    private int Clamp(int requested) => (int)Math.Min(requested, Math.Max(0, _length - _position));
}
