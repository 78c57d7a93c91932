namespace S3TransferManager.Buffering;

/// <summary>The producer-side internals of <see cref="PartBufferManager"/>: claiming a slot, buffering, publishing.</summary>
internal sealed partial class PartBufferManager
{
    private async ValueTask WaitForWindowCoreAsync(WindowWaiter waiter, CancellationToken cancellationToken)
    {
        try
        {
            await waiter.Released.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            lock (_lock)
            {
                _windowWaiters.Remove(waiter);
            }

            throw;
        }
    }

    /// <summary>Claims the part's slot; returns the live part when the reader needs this part now, else null (the
    /// caller buffers it). Throws <see cref="OperationCanceledException"/> when the manager stopped.</summary>
    private LivePart? Claim(int partNumber, Stream body, long length)
    {
        TaskCompletionSource? wake;
        LivePart live;
        lock (_lock)
        {
            if (_stopped)
            {
                BufferingThrowHelper.ThrowStopped(partNumber);
            }

            if (partNumber < _nextPart)
            {
                BufferingThrowHelper.ThrowPartAlreadyRead(partNumber, _nextPart);
            }

            ref PartSlot slot = ref SlotFor(partNumber);
            if (slot.PartNumber != 0)
            {
                BufferingThrowHelper.ThrowPartDeliveredTwice(partNumber);
            }

            slot.PartNumber = partNumber;
            if (partNumber != _nextPart)
            {
                return null;
            }

            live = new LivePart(partNumber, body, length);
            slot.Live = live;
            wake = _readerWaiter;
            _readerWaiter = null;
        }

        wake?.TrySetResult();
        return live;
    }

    private async ValueTask BufferAsync(int partNumber, Stream body, long length, CancellationToken cancellationToken)
    {
        var buffer = new ChunkedBufferStream(_pool, length);
        try
        {
            long appended;
            bool longer;
            await using (body.ConfigureAwait(false))
            {
                appended = await buffer.FillFromAsync(body, length, cancellationToken).ConfigureAwait(false);
                longer = appended == length && await HasMoreAsync(body, cancellationToken).ConfigureAwait(false);
            }

            if (appended != length || longer)
            {
                string message = LengthMismatchMessage(partNumber, length, appended, longer);
                FailWithMessage(partNumber, message, null);
                throw new PartDownloadException(partNumber, message, null);
            }

            if (Publish(partNumber, buffer))
            {
                buffer = null;
            }
        }
        catch (Exception error)
        {
            // A no-op when the length check above already failed the part, or when the manager stopped.
            Fail(partNumber, error);
            throw;
        }
        finally
        {
            buffer?.Dispose();
        }
    }

    /// <summary>Publishes a buffered part; false when the manager stopped meanwhile (the caller disposes it).</summary>
    private bool Publish(int partNumber, ChunkedBufferStream buffer)
    {
        TaskCompletionSource? wake = null;
        lock (_lock)
        {
            if (_stopped)
            {
                return false;
            }

            SlotFor(partNumber).Buffered = buffer;
            if (partNumber == _nextPart)
            {
                wake = _readerWaiter;
                _readerWaiter = null;
            }
        }

        wake?.TrySetResult();
        return true;
    }

    /// <summary>Reads one byte past the declared end: a body longer than declared is as wrong as a short one.</summary>
    private static async ValueTask<bool> HasMoreAsync(Stream body, CancellationToken cancellationToken)
    {
        var probe = new byte[1];
        return await body.ReadAsync(probe, cancellationToken).ConfigureAwait(false) > 0;
    }

    private static string LengthMismatchMessage(int partNumber, long length, long received, bool longer) => longer
        ? $"Part {partNumber} is longer than its declared {length} bytes."
        : $"Part {partNumber} ended after {received} of its {length} bytes.";

    private ref PartSlot SlotFor(int partNumber) => ref _slots[(partNumber - 1) % _maxInMemoryParts];

    private void ValidatePartNumber(int partNumber)
    {
        if ((uint)(partNumber - 1) >= (uint)_partCount)
        {
            BufferingThrowHelper.ThrowPartOutOfRange(partNumber, _partCount);
        }
    }
}
