using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace S3TransferManager.Buffering;

/// <summary>
/// A stream over 64 KiB pooled chunks: appended to once (writes always go to the end), then read and sought like a
/// seekable stream. Not thread-safe.
/// </summary>
/// <remarks>
/// Invariants: every chunk is rented from <see cref="_pool"/> with exactly <see cref="ChunkSize"/> usable bytes and
/// is returned exactly once, in <see cref="Dispose(bool)"/>; bytes [0, <see cref="_length"/>) are valid and live in
/// chunks [0, ceil(length / ChunkSize)); at most one chunk past the written data is rented (a fill that found the end
/// of its source); 0 &lt;= <see cref="_position"/> &lt;= <see cref="_length"/>. Writes never move the read position,
/// so a filled stream is read from 0 without a seek.
/// </remarks>
internal sealed class ChunkedBufferStream : Stream
{
    /// <summary>The size of every chunk: an exact shared-pool bucket below the Large Object Heap threshold.</summary>
    public const int ChunkSize = TransferLimits.BufferSize;

    private const int ChunkShift = 16;
    private const int ChunkMask = ChunkSize - 1;

    private readonly ArrayPool<byte> _pool;
    private byte[][] _chunks;
    private int _chunkCount;
    private long _length;
    private long _position;
    private bool _disposed;
    private Task<int>? _lastReadTask;
    private IDisposable? _budget;

    /// <summary>Creates an empty stream.</summary>
    /// <param name="pool">The pool chunks are rented from; <see cref="ChunkPool.Default"/> when null.</param>
    /// <param name="expectedLength">A hint that sizes the chunk table up front; no chunk is rented until written.</param>
    /// <param name="budget">The share of a memory budget this buffer stands for, given back when it is disposed.</param>
    public ChunkedBufferStream(ArrayPool<byte>? pool = null, long expectedLength = 0, IDisposable? budget = null)
    {
        _budget = budget;
        Debug.Assert(1 << ChunkShift == ChunkSize, "ChunkShift must match ChunkSize.");
        _pool = pool ?? ChunkPool.Default;
        int expectedChunks = expectedLength > 0 ? (int)Math.Min(ChunkIndex(expectedLength - 1) + 1, 1 << 20) : 4;
        _chunks = new byte[expectedChunks][];
    }

    public override bool CanRead => !_disposed;

    public override bool CanSeek => !_disposed;

    public override bool CanWrite => !_disposed;

    /// <summary>Gets the number of bytes written.</summary>
    public override long Length
    {
        get
        {
            ThrowIfDisposed();
            return _length;
        }
    }

    /// <summary>Gets or sets the read position, within [0, <see cref="Length"/>].</summary>
    public override long Position
    {
        get
        {
            ThrowIfDisposed();
            return _position;
        }
        set
        {
            ThrowIfDisposed();
            if ((ulong)value > (ulong)_length)
            {
                BufferingThrowHelper.ThrowSeekOutOfRange(value, _length);
            }

            _position = value;
        }
    }

    /// <summary>The chunk that holds <paramref name="position"/>.</summary>
    internal static int ChunkIndex(long position) => (int)(position >> ChunkShift);

    /// <summary>The offset of <paramref name="position"/> inside its chunk.</summary>
    internal static int ChunkOffset(long position) => (int)position & ChunkMask;

    public override int Read(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        return Read(new Span<byte>(buffer, offset, count));
    }

    public override int Read(Span<byte> buffer)
    {
        ThrowIfDisposed();
        long available = _length - _position;
        if (available <= 0 || buffer.IsEmpty)
        {
            return 0;
        }

        int total = (int)Math.Min(buffer.Length, available);
        int copied = 0;
        long position = _position;
        while (copied < total)
        {
            // One block copy per chunk touched: a 1 MiB read is 16 memmoves of 64 KiB, not a loop of small copies.
            int offset = ChunkOffset(position);
            int count = Math.Min(ChunkSize - offset, total - copied);
            new ReadOnlySpan<byte>(_chunks[ChunkIndex(position)], offset, count).CopyTo(buffer.Slice(copied));
            copied += count;
            position += count;
        }

        _position = position;
        return total;
    }

    public override int ReadByte()
    {
        ThrowIfDisposed();
        if (_position >= _length)
        {
            return -1;
        }

        int value = _chunks[ChunkIndex(_position)][ChunkOffset(_position)];
        _position++;
        return value;
    }

    public override long Seek(long offset, SeekOrigin origin)
    {
        ThrowIfDisposed();
        long target = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _position + offset,
            SeekOrigin.End => _length + offset,
            _ => throw new ArgumentOutOfRangeException(nameof(origin)),
        };
        Position = target;
        return target;
    }

    public override void Write(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        Write(new ReadOnlySpan<byte>(buffer, offset, count));
    }

    /// <summary>Appends <paramref name="buffer"/> at the end of the written data; the read position does not move.</summary>
    public override void Write(ReadOnlySpan<byte> buffer)
    {
        ThrowIfDisposed();
        while (!buffer.IsEmpty)
        {
            Span<byte> free = GetFreeMemory().Span;
            int count = Math.Min(free.Length, buffer.Length);
            buffer.Slice(0, count).CopyTo(free);
            _length += count;
            buffer = buffer.Slice(count);
        }
    }

    public override void WriteByte(byte value) => Write(new ReadOnlySpan<byte>(in value));

    public override void Flush()
    {
    }

    public override Task FlushAsync(CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? Task.FromCanceled(cancellationToken) : Task.CompletedTask;

    public override void SetLength(long value) =>
        BufferingThrowHelper.ThrowNotSupported("A chunked buffer is append-only; its length is the bytes written.");

    /// <summary>
    /// Appends bytes read from <paramref name="source"/> straight into the free space of the current chunk (no
    /// intermediate buffer) until <paramref name="maxBytes"/> bytes were appended or the source ended.
    /// </summary>
    /// <returns>The number of bytes appended.</returns>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<long> FillFromAsync(Stream source, long maxBytes, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentOutOfRangeException.ThrowIfNegative(maxBytes);
        ThrowIfDisposed();
        long appended = 0;
        while (appended < maxBytes)
        {
            Memory<byte> free = GetFreeMemory();
            if (free.Length > maxBytes - appended)
            {
                free = free.Slice(0, (int)(maxBytes - appended));
            }

            int read = await source.ReadAsync(free, cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                break;
            }

            // Dispose may not run concurrently with a fill (the type is not thread-safe), so the chunk is still ours.
            _length += read;
            appended += read;
        }

        return appended;
    }

    /// <summary>Reads synchronously: the data is in memory, so the returned task is always complete.</summary>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<int>(cancellationToken);
        }

        return new ValueTask<int>(Read(buffer.Span));
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBufferArguments(buffer, offset, count);
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<int>(cancellationToken);
        }

        // Reuse the last completed task when the count repeats (the common case for fixed-size reads).
        int read = Read(new Span<byte>(buffer, offset, count));
        Task<int>? last = _lastReadTask;
        return last is not null && last.Result == read ? last : (_lastReadTask = Task.FromResult(read));
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled(cancellationToken);
        }

        Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBufferArguments(buffer, offset, count);
        return WriteAsync(new ReadOnlyMemory<byte>(buffer, offset, count), cancellationToken).AsTask();
    }

    /// <summary>Writes the unread data to <paramref name="destination"/> one chunk slice at a time, with no copy
    /// buffer; <paramref name="bufferSize"/> is ignored.</summary>
    public override void CopyTo(Stream destination, int bufferSize)
    {
        ValidateCopyToArguments(destination, bufferSize);
        ThrowIfDisposed();
        while (_position < _length)
        {
            ReadOnlySpan<byte> slice = CurrentSlice().Span;
            destination.Write(slice);
            _position += slice.Length;
        }
    }

    /// <summary>Writes the unread data to <paramref name="destination"/> one chunk slice at a time, with no copy
    /// buffer; <paramref name="bufferSize"/> is ignored.</summary>
    public override async Task CopyToAsync(Stream destination, int bufferSize, CancellationToken cancellationToken)
    {
        ValidateCopyToArguments(destination, bufferSize);
        ThrowIfDisposed();
        while (_position < _length)
        {
            ReadOnlyMemory<byte> slice = CurrentSlice();
            await destination.WriteAsync(slice, cancellationToken).ConfigureAwait(false);
            _position += slice.Length;
        }
    }

    /// <summary>
    /// A view of all written bytes (independent of <see cref="Stream.Position"/>) over the chunks themselves, with no
    /// copy. Valid until the stream is written to again or disposed.
    /// </summary>
    public ReadOnlySequence<byte> AsReadOnlySequence()
    {
        ThrowIfDisposed();
        if (_length == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        int usedChunks = ChunkIndex(_length - 1) + 1;
        int lastLength = ChunkOffset(_length - 1) + 1;
        if (usedChunks == 1)
        {
            return new ReadOnlySequence<byte>(_chunks[0], 0, lastLength);
        }

        var first = new ChunkSequenceSegment(new ReadOnlyMemory<byte>(_chunks[0], 0, ChunkSize));
        ChunkSequenceSegment last = first;
        for (int i = 1; i < usedChunks; i++)
        {
            int length = i == usedChunks - 1 ? lastLength : ChunkSize;
            last = last.Append(new ReadOnlyMemory<byte>(_chunks[i], 0, length));
        }

        return new ReadOnlySequence<byte>(first, 0, last, lastLength);
    }

    /// <summary>The unread bytes of the chunk holding the read position; empty at the end.</summary>
    private ReadOnlyMemory<byte> CurrentSlice()
    {
        int offset = ChunkOffset(_position);
        int count = (int)Math.Min(ChunkSize - offset, _length - _position);
        return new ReadOnlyMemory<byte>(_chunks[ChunkIndex(_position)], offset, count);
    }

    protected override void Dispose(bool disposing)
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        byte[][] chunks = _chunks;
        int count = _chunkCount;
        _chunks = [];
        _chunkCount = 0;
        _lastReadTask = null;
        for (int i = 0; i < count; i++)
        {
            // The single return site of every chunk.
            _pool.Return(chunks[i]);
            chunks[i] = null!;
        }

        _budget?.Dispose();
        _budget = null;

        base.Dispose(disposing);
    }

    /// <summary>The free space of the chunk the next written byte goes to, renting that chunk when needed.</summary>
    private Memory<byte> GetFreeMemory()
    {
        int index = ChunkIndex(_length);
        if (index == _chunkCount)
        {
            RentChunk();
        }

        int offset = ChunkOffset(_length);
        return new Memory<byte>(_chunks[index], offset, ChunkSize - offset);
    }

    private void RentChunk()
    {
        if (_chunkCount == _chunks.Length)
        {
            Array.Resize(ref _chunks, _chunks.Length * 2);
        }

        // The pool may hand out a longer array; only the first ChunkSize bytes are ever used.
        _chunks[_chunkCount++] = _pool.Rent(ChunkSize);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            BufferingThrowHelper.ThrowObjectDisposed(this);
        }
    }
}
