using System.Runtime.CompilerServices;

namespace S3TransferManager.Buffering;

/// <summary>The reader side of <see cref="PartBufferManager"/>.</summary>
internal sealed partial class PartBufferManager
{
    // Reader-owned: set under the lock when a part is taken from its slot, then used without it.
    private ChunkedBufferStream? _readBuffer;
    private LivePart? _readLive;
    private byte[]? _probe;

    /// <summary>
    /// Reads the next bytes of the object into <paramref name="buffer"/>; 0 at the end of the last part. Completes
    /// synchronously while the current part is buffered; otherwise reads the live body or waits, asynchronously.
    /// </summary>
    /// <exception cref="PartDownloadException">A part failed (this and every later read).</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        ChunkedBufferStream? current = _readBuffer;
        if (current is not null && !_stopped && !buffer.IsEmpty)
        {
            int read = current.Read(buffer.Span);
            if (read > 0)
            {
                FinishPartIfFullyRead(current);
                return new ValueTask<int>(read);
            }
        }

        return ReadSlowAsync(buffer, cancellationToken);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> ReadSlowAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        while (true)
        {
            ThrowIfStopped();
            if (buffer.IsEmpty)
            {
                return 0;
            }

            if (_readBuffer is { } buffered)
            {
                int read = buffered.Read(buffer.Span);
                if (read > 0)
                {
                    FinishPartIfFullyRead(buffered);
                    return read;
                }

                FinishPart();
                continue;
            }

            if (_readLive is { } live)
            {
                int read = await ReadLiveAsync(live, buffer, cancellationToken).ConfigureAwait(false);
                if (read > 0)
                {
                    return read;
                }

                continue;
            }

            TaskCompletionSource? waiter = TakeNextPartOrWaiter(out bool end);
            if (end)
            {
                return 0;
            }

            if (waiter is not null)
            {
                await waiter.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Moves on as soon as a buffered part's last byte is read, so its chunks go back and the window
    /// advances now rather than at the next read.</summary>
    private void FinishPartIfFullyRead(ChunkedBufferStream buffered)
    {
        if (buffered.Position == buffered.Length)
        {
            FinishPart();
        }
    }

    /// <summary>Reads the live body of the current part; finishes the part (and returns 0 if nothing was read) when
    /// its last byte is read.</summary>
    private async ValueTask<int> ReadLiveAsync(LivePart live, Memory<byte> buffer, CancellationToken cancellationToken)
    {
        int read = 0;
        try
        {
            if (live.Remaining > 0)
            {
                Memory<byte> target = buffer.Length > live.Remaining ? buffer.Slice(0, (int)live.Remaining) : buffer;
                read = await live.Body.ReadAsync(target, cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    FailLive(live, LengthMismatchMessage(live.PartNumber, live.Length, live.Length - live.Remaining, false));
                }

                live.Remaining -= read;
            }

            if (live.Remaining == 0)
            {
                _probe ??= new byte[1];
                if (await live.Body.ReadAsync(_probe, cancellationToken).ConfigureAwait(false) > 0)
                {
                    FailLive(live, LengthMismatchMessage(live.PartNumber, live.Length, live.Length, true));
                }

                FinishPart();
            }
        }
        catch (Exception error) when (error is not PartDownloadException)
        {
            // The body is in an unknown state after any error, so the part fails; a canceled read still surfaces
            // as the caller's cancellation.
            Fail(live.PartNumber, error);
            if (error is OperationCanceledException && cancellationToken.IsCancellationRequested)
            {
                throw;
            }

            ThrowIfStopped();
            throw;
        }

        return read;
    }

    /// <summary>Takes the next part from its slot; or returns the task to wait on; or reports the end.</summary>
    private TaskCompletionSource? TakeNextPartOrWaiter(out bool end)
    {
        lock (_lock)
        {
            end = false;
            if (_stopped)
            {
                return null;
            }

            if (_nextPart > _partCount)
            {
                end = true;
                return null;
            }

            ref PartSlot slot = ref SlotFor(_nextPart);
            if (slot.Buffered is not null)
            {
                _readBuffer = slot.Buffered;
                slot.Buffered = null;
                return null;
            }

            if (slot.Live is not null)
            {
                _readLive = slot.Live;
                slot.Live = null;
                return null;
            }

            return _readerWaiter ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        }
    }

    /// <summary>Ends the current part: disposes it, releases its producer, and moves the window on by one part.</summary>
    private void FinishPart()
    {
        ChunkedBufferStream? buffer;
        LivePart? live;
        List<WindowWaiter>? released = null;
        lock (_lock)
        {
            buffer = _readBuffer;
            live = _readLive;
            _readBuffer = null;
            _readLive = null;

            // Once stopped, Stop already released everyone; only the reader's own part is left to dispose.
            if (!_stopped)
            {
                SlotFor(_nextPart) = default;
                _nextPart++;
                released = TakeWaitersInWindow();
            }
        }

        buffer?.Dispose();
        live?.Body.Dispose();
        live?.Consumed.TrySetResult();
        if (released is not null)
        {
            foreach (WindowWaiter waiter in released)
            {
                waiter.Released.TrySetResult();
            }
        }
    }

    /// <summary>Removes and returns the producers the window now reaches. Called under the lock.</summary>
    private List<WindowWaiter>? TakeWaitersInWindow()
    {
        List<WindowWaiter>? released = null;
        for (int i = _windowWaiters.Count - 1; i >= 0; i--)
        {
            WindowWaiter waiter = _windowWaiters[i];
            if (waiter.PartNumber < _nextPart + _maxInMemoryParts)
            {
                (released ??= []).Add(waiter);
                _windowWaiters[i] = _windowWaiters[^1];
                _windowWaiters.RemoveAt(_windowWaiters.Count - 1);
            }
        }

        return released;
    }

    private void FailLive(LivePart live, string message)
    {
        FailWithMessage(live.PartNumber, message, null);
        ThrowIfStopped();
    }

    /// <summary>Once stopped, lets go of the reader's own part and throws: disposed, or the part failure.</summary>
    private void ThrowIfStopped()
    {
        if (!_stopped)
        {
            return;
        }

        ChunkedBufferStream? buffer;
        Stream? body;
        Exception error;
        lock (_lock)
        {
            buffer = _readBuffer;
            body = _readLive?.Body;
            _readBuffer = null;
            _readLive = null;
            error = _disposed
                ? new ObjectDisposedException(nameof(PartBufferManager))
                : new PartDownloadException(_failedPart, _failureMessage!, _failureCause);
        }

        buffer?.Dispose();
        body?.Dispose();
        throw error;
    }
}
