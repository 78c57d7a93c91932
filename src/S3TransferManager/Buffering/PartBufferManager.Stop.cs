using System.Diagnostics;

namespace S3TransferManager.Buffering;

/// <summary>Failure and disposal of <see cref="PartBufferManager"/>: both stop it for good and release everyone.</summary>
internal sealed partial class PartBufferManager
{
    private void FailWithMessage(int partNumber, string message, Exception? cause) =>
        Stop(disposing: false, partNumber, message, cause);

    /// <summary>
    /// Stops the manager: wakes the reader, fails the producers waiting for the window, releases the producer of a
    /// live part, and disposes every buffered part nobody reads any more. On disposal, the reader's current part
    /// and a live body not yet taken are disposed too; after a failure the reader disposes its part itself (it may
    /// be reading it right now).
    /// </summary>
    private void Stop(bool disposing, int partNumber, string? message, Exception? cause)
    {
        var buffers = new List<ChunkedBufferStream>();
        TaskCompletionSource? reader;
        WindowWaiter[] waiters;
        LivePart? live = null;
        Stream? liveBodyToDispose = null;
        lock (_lock)
        {
            if (_disposed || (_stopped && !disposing))
            {
                return;
            }

            if (!_stopped)
            {
                _failedPart = partNumber;
                _failureMessage = message;
                _failureCause = cause;
            }

            _stopped = true;
            _disposed = disposing;
            for (int i = 0; i < _slots.Length; i++)
            {
                ref PartSlot slot = ref _slots[i];
                if (slot.Buffered is not null)
                {
                    buffers.Add(slot.Buffered);
                }

                // A live part still in its slot was never touched by the reader: it can go now.
                if (slot.Live is not null)
                {
                    Debug.Assert(live is null, "Only the next part is ever live.");
                    live = slot.Live;
                    liveBodyToDispose = live.Body;
                }

                slot = default;
            }

            if (_readLive is not null)
            {
                live = _readLive;
                if (disposing)
                {
                    liveBodyToDispose = _readLive.Body;
                    _readLive = null;
                }
            }

            if (disposing && _readBuffer is not null)
            {
                buffers.Add(_readBuffer);
                _readBuffer = null;
            }

            reader = _readerWaiter;
            _readerWaiter = null;
            waiters = [.. _windowWaiters];
            _windowWaiters.Clear();
        }

        // Everything below runs outside the lock: disposal may do I/O, continuations are queued, not inlined.
        reader?.TrySetResult();
        foreach (WindowWaiter waiter in waiters)
        {
            waiter.Released.TrySetException(new OperationCanceledException(
                $"The part buffer was disposed or failed; part {waiter.PartNumber} is no longer needed."));
        }

        live?.Consumed.TrySetResult();
        liveBodyToDispose?.Dispose();
        foreach (ChunkedBufferStream buffer in buffers)
        {
            buffer.Dispose();
        }
    }
}
