using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using S3TransferManager.Buffering;
using S3TransferManager.Multipart;
using S3TransferManager.Scheduling;
using S3TransferManager.Events;

namespace S3TransferManager.Upload;

/// <summary>
/// Parts of a stream read in order, each into its own <see cref="ChunkedBufferStream"/> (64 KiB pooled chunks), so a
/// part can upload (and be re-read for a retry) while the next one is read. Works for seekable streams (length known)
/// and for non-seekable ones, whose end is found by reading. Disposing returns the chunks of parts never handed out.
/// </summary>
internal sealed class StreamPartSource : IPartSource, IDisposable
{
    private readonly Stream _source;
    private readonly long _partSize;
    private readonly long _knownLength;
    private readonly ArrayPool<byte> _pool;
    private readonly ProgressTracker _progress;
    private readonly string _bucket;
    private readonly string _key;
    private readonly int _maxPartCount;
    private readonly BufferAccount _memory;
    private readonly Queue<PartBody> _prefetched = new();
    private int _lastPart;
    private long _read;
    private bool _ended;

    /// <param name="source">The caller's stream, read from its position.</param>
    /// <param name="partSize">The size of every part but the last.</param>
    /// <param name="knownLength">The bytes to upload, or -1 when the stream's end must be found by reading.</param>
    /// <param name="upload">The upload: chunks come from its pool, each part's memory from the utility's buffer budget
    /// (taken before the part is read), and the bytes read go to its progress.</param>
    /// <param name="maxPartCount">S3's 10,000; tests lower it to reach the limit without reading 50 GB.</param>
    public StreamPartSource(Stream source, long partSize, long knownLength, UploadContext upload, int maxPartCount = TransferLimits.MaxPartCount)
    {
        _source = source;
        _partSize = partSize;
        _knownLength = knownLength;
        _pool = upload.Resources.Pool;
        _memory = upload.Resources.Buffers.OpenAccount();
        _progress = upload.Progress;
        _bucket = upload.Bucket;
        _key = upload.Key;
        _maxPartCount = maxPartCount;
    }

    public bool BuffersParts => true;

    public long TotalLength => _knownLength >= 0 ? _knownLength : _ended ? _read : -1;

    /// <summary>
    /// Reads parts until <paramref name="threshold"/> bytes are buffered or the stream ends. When it ended below the
    /// threshold, returns all of it as one buffer for a single PutObject (the caller disposes it); otherwise returns
    /// null and the buffered parts come first from <see cref="ReadNextAsync"/>.
    /// </summary>
    public async ValueTask<ChunkedBufferStream?> PrefetchAsync(long threshold, CancellationToken cancellationToken)
    {
        while (_read < threshold && !_ended)
        {
            // Bounded by the threshold, and nothing is uploaded (so nothing frees memory) until it is reached: these
            // parts take their memory without waiting for the budget.
            PartBody? part = await ReadPartAsync(waitForMemory: false, cancellationToken).ConfigureAwait(false);
            if (part is null)
            {
                break;
            }

            _prefetched.Enqueue(part);
        }

        if (_read >= threshold)
        {
            return null;
        }

        var whole = new ChunkedBufferStream(_pool, _read);
        try
        {
            // Below the threshold, so at most a few parts: one copy keeps the single PUT a plain seekable body.
            while (_prefetched.TryDequeue(out PartBody? part))
            {
                using (part.Content)
                {
                    await part.Content.CopyToAsync(whole, cancellationToken).ConfigureAwait(false);
                }
            }

            whole.Position = 0;
            return whole;
        }
        catch
        {
            await whole.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken)
    {
        if (_prefetched.TryDequeue(out PartBody? prefetched))
        {
            return prefetched;
        }

        return _ended ? null : await ReadPartAsync(waitForMemory: true, cancellationToken).ConfigureAwait(false);
    }

    public void Dispose()
    {
        while (_prefetched.TryDequeue(out PartBody? part))
        {
            part.Content.Dispose();
        }
    }

    [SuppressMessage("Reliability", "CA2000", Justification = "The lease goes to the part's buffer, which gives it back on disposal.")]
    private async ValueTask<PartBody?> ReadPartAsync(bool waitForMemory, CancellationToken cancellationToken)
    {
        // The part's memory first: the buffer gives it back when the part's upload is over and its body disposed.
        BufferLease? memory = waitForMemory ? await _memory.AcquireAsync(_partSize, cancellationToken).ConfigureAwait(false) : _memory.TakeNow(_partSize);
        var buffer = new ChunkedBufferStream(_pool, _partSize, memory);
        try
        {
            long filled = await buffer.FillFromAsync(_source, _partSize, cancellationToken).ConfigureAwait(false);
            _read += filled;
            if (filled < _partSize || (_knownLength >= 0 && _read >= _knownLength))
            {
                _ended = true;
                _progress.SetTotal(_read);
            }

            if (filled == 0 && _lastPart > 0)
            {
                buffer.Dispose();
                return null;
            }

            if (_lastPart == _maxPartCount)
            {
                // Found before part 10,001 is sent: S3 would refuse it, after every earlier part had been paid for.
                throw new PartLimitExceededException(_bucket, _key, _partSize);
            }

            _lastPart++;
            return new PartBody(_lastPart, buffer, filled);
        }
        catch
        {
            buffer.Dispose();
            throw;
        }
    }
}
