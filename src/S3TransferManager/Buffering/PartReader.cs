using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace S3TransferManager.Buffering;

/// <summary>
/// The one reader of a <see cref="PartBufferManager"/>: the cursor (the part being read) and the two ways of reading
/// it. <see cref="ReadAsync"/> copies into the caller's buffer (a live part straight from its body, with no buffering);
/// <see cref="TakePartAsync"/> hands out whole parts as pooled chunks (a live part is read into chunks first). One
/// reader uses one of the two, and is not called concurrently with itself.
/// </summary>
/// <remarks>
/// Cancellation policy, the same for both: a canceled read throws <see cref="OperationCanceledException"/>, fails
/// nothing and loses nothing; the next read continues from the same byte. A live body continues after a canceled read
/// (the manager's contract with its producers), and a live part being taken keeps the chunks it filled so far.
/// Invariants: <see cref="_current"/> is the part the manager handed over and the reader has not finished (or
/// default); <see cref="_partialTake"/> holds the first bytes of <see cref="_current"/>'s live body only while a take
/// of it was canceled midway.
/// </remarks>
internal sealed class PartReader : IDisposable
{
    private readonly PartBufferManager _manager;

    /// <summary>The part being read: a copy of the manager's handed slot (the manager decides who disposes it).</summary>
    private PartSlot _current;

    /// <summary>A live part's bytes read into chunks by a take that was canceled; continued by the next take.</summary>
    private ChunkedBufferStream? _partialTake;

    /// <summary>One byte, to check that a live body ends where it should.</summary>
    private byte[]? _probe;

    /// <summary>Null until first use; then whether this reader takes whole parts (it may not switch).</summary>
    private bool? _takesWholeParts;

    internal PartReader(PartBufferManager manager) => _manager = manager;

    /// <summary>
    /// Reads the next bytes of the object into <paramref name="buffer"/>; 0 at the end of the last part. Completes
    /// synchronously while the current part is buffered; otherwise reads the live body or waits, asynchronously.
    /// </summary>
    /// <exception cref="PartDownloadException">A part failed (this and every later read).</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled; nothing was lost.</exception>
    public ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        ChunkedBufferStream? current = _current.Buffered;
        if (current is not null && !_manager.IsStopped && !buffer.IsEmpty)
        {
            int read = current.Read(buffer.Span);
            if (read > 0)
            {
                // Finish on the last byte, so the chunks go back and the window moves now rather than at the next read.
                if (current.Position == current.Length)
                {
                    Finish();
                }

                return new ValueTask<int>(read);
            }
        }

        return ReadSlowAsync(buffer, cancellationToken);
    }

    /// <summary>
    /// Takes the next whole part, in order: a buffered part as it is; a live part after reading its body into pooled
    /// chunks here (so this path is not copy-free for the part the reader waited for). The caller owns the returned
    /// buffer and must dispose it; <see langword="null"/> after the last part. The window moves on as soon as the part
    /// is taken, so the caller's held parts come on top of the window's bound.
    /// </summary>
    /// <exception cref="PartDownloadException">A part failed (this and every later call).</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled; nothing was lost.</exception>
    public async ValueTask<ChunkedBufferStream?> TakePartAsync(CancellationToken cancellationToken)
    {
        UseMode(takesWholeParts: true);
        while (true)
        {
            ThrowIfStopped();
            if (_current.Buffered is { } buffered)
            {
                if (_manager.ReaderFinish().Buffered is null)
                {
                    // Disposal took the part first (and disposed it); the next turn throws.
                    _current = default;
                    continue;
                }

                _current = default;
                return buffered;
            }

            if (_current.Live is { } live)
            {
                return await TakeLiveAsync(live, cancellationToken).ConfigureAwait(false);
            }

            if (!await TakeNextAsync(cancellationToken).ConfigureAwait(false))
            {
                return null;
            }
        }
    }

    /// <summary>Returns the chunks of a take that was canceled midway; the handed part itself goes with the manager.</summary>
    public void Dispose()
    {
        _partialTake?.Dispose();
        _partialTake = null;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> ReadSlowAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        UseMode(takesWholeParts: false);
        while (true)
        {
            ThrowIfStopped();
            if (buffer.IsEmpty)
            {
                return 0;
            }

            if (_current.Buffered is { } buffered)
            {
                int read = buffered.Read(buffer.Span);
                if (buffered.Position == buffered.Length)
                {
                    Finish();
                }

                if (read > 0)
                {
                    return read;
                }

                continue;
            }

            if (_current.Live is { } live)
            {
                int read = await ReadLiveAsync(live, buffer, cancellationToken).ConfigureAwait(false);
                if (read > 0)
                {
                    return read;
                }

                continue;
            }

            if (!await TakeNextAsync(cancellationToken).ConfigureAwait(false))
            {
                return 0;
            }
        }
    }

    /// <summary>Takes the next part from the manager into <see cref="_current"/>, waiting for it if needed. False only
    /// at a clean end of the object, once its end check passed; true otherwise, also when the manager stopped and no
    /// part came (the caller goes round, and its stop check throws the error, a failed end check's included).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> TakeNextAsync(CancellationToken cancellationToken)
    {
        TaskCompletionSource? waiter = _manager.ReaderTakeNext(out _current, out bool end);
        if (waiter is not null)
        {
            await waiter.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        else if (end)
        {
            // A failed check stops the manager: "not the end" sends the caller round to its stop check, which throws
            // the check's error instead of reporting the end.
            await _manager.ReaderCheckEndAsync(cancellationToken).ConfigureAwait(false);
            return _manager.IsStopped;
        }

        return !end;
    }

    /// <summary>Reads the live body of the current part; finishes the part (and returns 0 if nothing was read) when
    /// its last byte is read.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> ReadLiveAsync(LivePart live, Memory<byte> buffer, CancellationToken cancellationToken)
    {
        int read = 0;
        try
        {
            if (live.Remaining > 0)
            {
                Memory<byte> target = buffer.Length > live.Remaining ? buffer[..(int)live.Remaining] : buffer;
                read = await live.Body.ReadAsync(target, cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    FailAndThrow(live.PartNumber, PartLength.MismatchMessage(live.PartNumber, live.Length, live.Length - live.Remaining, longer: false));
                }

                live.Remaining -= read;
            }

            if (live.Remaining == 0)
            {
                _probe ??= new byte[1];
                if (await PartLength.HasMoreAsync(live.Body, _probe, cancellationToken).ConfigureAwait(false))
                {
                    FailAndThrow(live.PartNumber, PartLength.MismatchMessage(live.PartNumber, live.Length, live.Length, longer: true));
                }

                Finish();
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            // The caller's own cancellation: nothing was consumed, and the body continues from the same byte.
            throw;
        }
        catch (Exception error) when (error is not PartDownloadException)
        {
            FailAndThrow(live.PartNumber, error);
        }

        return read;
    }

    /// <summary>Reads a live part's body into chunks (continuing a canceled take) and hands them out whole.</summary>
    private async ValueTask<ChunkedBufferStream> TakeLiveAsync(LivePart live, CancellationToken cancellationToken)
    {
        ChunkedBufferStream copy = _partialTake ??= new ChunkedBufferStream(_manager.Pool, live.Length);
        try
        {
            await copy.FillFromAsync(live.Body, live.Length - copy.Length, cancellationToken).ConfigureAwait(false);
            if (copy.Length != live.Length)
            {
                FailAndThrow(live.PartNumber, PartLength.MismatchMessage(live.PartNumber, live.Length, copy.Length, longer: false));
            }

            _probe ??= new byte[1];
            if (await PartLength.HasMoreAsync(live.Body, _probe, cancellationToken).ConfigureAwait(false))
            {
                FailAndThrow(live.PartNumber, PartLength.MismatchMessage(live.PartNumber, live.Length, live.Length, longer: true));
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            // Keep what was filled: the next take continues from the same byte.
            throw;
        }
        catch (Exception error) when (error is not PartDownloadException)
        {
            FailAndThrow(live.PartNumber, error);
        }

        _partialTake = null;
        Finish();
        return copy;
    }

    /// <summary>Ends the current part: the manager moves the window on, and the part is disposed here unless
    /// disposal already took it.</summary>
    private void Finish()
    {
        PartSlot handed = _manager.ReaderFinish();
        _current = default;
        handed.Buffered?.Dispose();
        handed.Live?.Body.Dispose();
    }

    [DoesNotReturn]
    private void FailAndThrow(int partNumber, string message)
    {
        _manager.Fail(partNumber, message);
        ThrowIfStopped();
        throw new UnreachableException("A failed manager is stopped.");
    }

    [DoesNotReturn]
    private void FailAndThrow(int partNumber, Exception error)
    {
        // A no-op when the manager already stopped (disposal ending a pending read): then its own error is thrown.
        _manager.Fail(partNumber, error);
        ThrowIfStopped();
        throw new UnreachableException("A failed manager is stopped.");
    }

    /// <summary>Once stopped, lets go of the reader's part and throws: disposed, or the part failure.</summary>
    private void ThrowIfStopped()
    {
        if (!_manager.IsStopped)
        {
            return;
        }

        _current = default;
        Dispose();
        throw _manager.ReaderStopped();
    }

    private void UseMode(bool takesWholeParts)
    {
        if (_takesWholeParts is { } mode && mode != takesWholeParts)
        {
            throw new InvalidOperationException("A part reader either reads bytes or takes whole parts, not both.");
        }

        _takesWholeParts = takesWholeParts;
    }
}
