namespace S3TransferManager.Buffering;

/// <summary>Whole-part reads of <see cref="PartBufferManager"/>, for readers that take the pooled chunks themselves
/// (the zero-copy <see cref="PartPipeReader"/>) instead of copying into a buffer of their own.</summary>
internal sealed partial class PartBufferManager
{
    /// <summary>
    /// Takes the next whole part, in order: a buffered part as it is; a live part after reading its body into pooled
    /// chunks here. The caller owns the returned buffer and must dispose it; <see langword="null"/> after the last part.
    /// The window moves on as soon as the part is taken, so the caller's held parts come on top of the window's bound.
    /// Do not mix with <see cref="ReadAsync"/> on the same manager.
    /// </summary>
    /// <exception cref="PartDownloadException">A part failed (this and every later call).</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public async ValueTask<ChunkedBufferStream?> TakePartAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            ThrowIfStopped();
            ChunkedBufferStream? buffered;
            lock (_lock)
            {
                buffered = _readBuffer;
                _readBuffer = null;
            }

            if (buffered is not null)
            {
                FinishPart();
                return buffered;
            }

            if (_readLive is { } live)
            {
                ChunkedBufferStream copy = await CopyLiveAsync(live, cancellationToken).ConfigureAwait(false);
                FinishPart();
                return copy;
            }

            TaskCompletionSource? waiter = TakeNextPartOrWaiter(out bool end);
            if (end)
            {
                return null;
            }

            if (waiter is not null)
            {
                await waiter.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
            }
        }
    }

    private async ValueTask<ChunkedBufferStream> CopyLiveAsync(LivePart live, CancellationToken cancellationToken)
    {
        var copy = new ChunkedBufferStream(_pool, live.Length);
        try
        {
            long copied = await copy.FillFromAsync(live.Body, live.Length, cancellationToken).ConfigureAwait(false);
            if (copied != live.Length)
            {
                FailLive(live, LengthMismatchMessage(live.PartNumber, live.Length, copied, false));
            }

            copy.Position = 0;
            return copy;
        }
        catch (Exception error) when (error is not PartDownloadException)
        {
            copy.Dispose();
            Fail(live.PartNumber, error);
            ThrowIfStopped();
            throw;
        }
        catch
        {
            copy.Dispose();
            throw;
        }
    }
}
