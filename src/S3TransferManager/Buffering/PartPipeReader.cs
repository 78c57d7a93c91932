using System.Buffers;
using System.IO.Pipelines;

namespace S3TransferManager.Buffering;

/// <summary>
/// A <see cref="PipeReader"/> over an OpenStream download that hands out the pooled chunks themselves: each
/// <see cref="ReadResult.Buffer"/> chains the chunks of the parts taken so far, from the first unconsumed byte, with
/// no copy of a buffered part (the part the reader waited for is read from its body into chunks first). A part is
/// returned to the pool once the consumer advances past its last byte.
/// </summary>
/// <remarks>
/// Owns its <see cref="PartReader"/>, opened on the first read (so the response's stream then refuses to read).
/// Cancellation, by the token or by <see cref="CancelPendingRead"/>, never fails the transfer: the part being taken
/// keeps what it read, and the next read continues. Invariants: <c>_parts</c> are the taken, not fully consumed parts
/// in order; <c>_buffer</c> spans them from <c>_consumedInFirst</c> bytes into the first one to the end of the last
/// one; <c>_pendingRead</c> is set, under <c>_cancelLock</c>, only while a read waits, and is disposed only after it
/// was cleared, so <see cref="CancelPendingRead"/> never touches a disposed source.
/// </remarks>
internal sealed class PartPipeReader : PipeReader
{
    private readonly BufferedMultipartStream _source;
    private readonly List<ChunkedBufferStream> _parts = [];
    private readonly Lock _cancelLock = new();
    private PartReader? _reader;
    private ReadOnlySequence<byte> _buffer;
    private long _consumedInFirst;
    private bool _examinedAll;
    private bool _end;
    private bool _completed;
    private CancellationTokenSource? _pendingRead;
    private bool _cancelNextRead;

    public PartPipeReader(BufferedMultipartStream source) => _source = source;

    public override bool TryRead(out ReadResult result)
    {
        ThrowIfCompleted();
        if (TakeCancelRequest())
        {
            result = new ReadResult(_buffer, isCanceled: true, _end);
            return true;
        }

        if (_end || (!_buffer.IsEmpty && !_examinedAll))
        {
            result = new ReadResult(_buffer, isCanceled: false, _end);
            return true;
        }

        result = default;
        return false;
    }

    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default) =>
        TryRead(out ReadResult result) ? new ValueTask<ReadResult>(result) : ReadMoreAsync(cancellationToken);

    private async ValueTask<ReadResult> ReadMoreAsync(CancellationToken cancellationToken)
    {
        PartReader reader = _reader ??= _source.Manager.OpenReader("PipeReader");
        var pending = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        lock (_cancelLock)
        {
            _pendingRead = pending;
        }

        try
        {
            while (true)
            {
                ChunkedBufferStream? part = await reader.TakePartAsync(pending.Token).ConfigureAwait(false);
                if (part is null)
                {
                    _end = true;
                    break;
                }

                if (part.Length == 0)
                {
                    // An empty object's only part: nothing to hand out, and an empty incomplete result would spin.
                    part.Dispose();
                    continue;
                }

                _parts.Add(part);
                Rebuild();
                break;
            }

            _examinedAll = false;
            return new ReadResult(_buffer, isCanceled: false, _end);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested && TakeCancelRequest())
        {
            return new ReadResult(_buffer, isCanceled: true, _end);
        }
        finally
        {
            lock (_cancelLock)
            {
                _pendingRead = null;
            }

            pending.Dispose();
        }
    }

    public override void AdvanceTo(SequencePosition consumed) => AdvanceTo(consumed, consumed);

    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        ThrowIfCompleted();
        long consumedBytes = _buffer.Slice(0, consumed).Length;
        _examinedAll = _buffer.Slice(examined).IsEmpty;
        _buffer = _buffer.Slice(consumed);
        while (consumedBytes > 0 && _parts.Count > 0)
        {
            long leftInFirst = _parts[0].Length - _consumedInFirst;
            if (consumedBytes < leftInFirst)
            {
                _consumedInFirst += consumedBytes;
                break;
            }

            // Past the part's last byte: its chunks go back to the pool. _buffer no longer reaches them.
            consumedBytes -= leftInFirst;
            _parts[0].Dispose();
            _parts.RemoveAt(0);
            _consumedInFirst = 0;
        }
    }

    public override void CancelPendingRead()
    {
        lock (_cancelLock)
        {
            _cancelNextRead = true;

            // CancelAsync: the canceled read's continuation runs on the pool, not inline inside this lock.
            _ = _pendingRead?.CancelAsync();
        }
    }

    public override void Complete(Exception? exception = null)
    {
        if (_completed)
        {
            return;
        }

        _completed = true;
        _buffer = default;
        foreach (ChunkedBufferStream part in _parts)
        {
            part.Dispose();
        }

        _parts.Clear();
        _reader?.Dispose();
        _source.Dispose();
    }

    /// <summary>Chains the chunks of every held part into one sequence, starting at the first unconsumed byte.</summary>
    private void Rebuild()
    {
        ChunkSequenceSegment? first = null;
        ChunkSequenceSegment? last = null;
        foreach (ChunkedBufferStream part in _parts)
        {
            foreach (ReadOnlyMemory<byte> chunk in part.AsReadOnlySequence())
            {
                last = last is null ? first = new ChunkSequenceSegment(chunk) : last.Append(chunk);
            }
        }

        _buffer = first is null
            ? ReadOnlySequence<byte>.Empty
            : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length).Slice(_consumedInFirst);
    }

    /// <summary>Consumes a request of <see cref="CancelPendingRead"/>: true once per request.</summary>
    private bool TakeCancelRequest()
    {
        lock (_cancelLock)
        {
            bool requested = _cancelNextRead;
            _cancelNextRead = false;
            return requested;
        }
    }

    private void ThrowIfCompleted()
    {
        if (_completed)
        {
            throw new InvalidOperationException("The reader was completed.");
        }
    }
}
