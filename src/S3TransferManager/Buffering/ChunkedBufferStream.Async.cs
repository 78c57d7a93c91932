using System.Buffers;

namespace S3TransferManager.Buffering;

/// <summary>The asynchronous, copy and sequence members of <see cref="ChunkedBufferStream"/>.</summary>
internal sealed partial class ChunkedBufferStream
{
    /// <summary>
    /// Appends bytes read from <paramref name="source"/> straight into the free space of the current chunk (no
    /// intermediate buffer) until <paramref name="maxBytes"/> bytes were appended or the source ended.
    /// </summary>
    /// <returns>The number of bytes appended.</returns>
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
}
