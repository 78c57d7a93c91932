using System.Buffers;

namespace S3TransferManager.Buffering;

/// <summary>
/// Hands the parts of one object to a single reader strictly in order, with at most <c>maxInMemoryParts</c> parts
/// between the reader and the furthest part a producer may fetch. The part the reader needs next is read straight
/// from its body; parts that arrive early are buffered in a <see cref="ChunkedBufferStream"/>.
/// </summary>
/// <remarks>
/// Thread-safety: producers (<see cref="WaitForWindowAsync"/>, <see cref="DeliverAsync"/>, <see cref="Fail(int, Exception)"/>) may
/// call concurrently; the reader side (<see cref="ReadAsync"/>) is a single reader; <see cref="Dispose"/> may run
/// while the reader or producers wait, not while a reader call is copying. All state is guarded by
/// <see cref="_lock"/>; no I/O, pool return or stream disposal happens under it.
/// Invariants: parts are numbered 1..partCount; a part is delivered at most once and only inside the window
/// [<see cref="_nextPart"/>, <see cref="_nextPart"/> + maxInMemoryParts), so slot (part - 1) % maxInMemoryParts is
/// never shared; only the part <see cref="_nextPart"/> is ever live. Once stopped (failed or disposed) the manager
/// never starts again.
/// </remarks>
internal sealed partial class PartBufferManager : IDisposable, IAsyncDisposable
{
    private readonly Lock _lock = new();
    private readonly int _partCount;
    private readonly int _maxInMemoryParts;
    private readonly ArrayPool<byte> _pool;
    private readonly PartSlot[] _slots;
    private readonly List<WindowWaiter> _windowWaiters = [];
    private int _nextPart = 1;
    private TaskCompletionSource? _readerWaiter;
    private volatile bool _stopped;
    private bool _disposed;
    private int _failedPart;
    private string? _failureMessage;
    private Exception? _failureCause;

    /// <param name="partCount">The number of parts (0 for an empty object).</param>
    /// <param name="maxInMemoryParts">The window: how many parts, starting with the one the reader needs, may be
    /// fetched (and so buffered) at once. Memory is bounded by this many parts.</param>
    /// <param name="pool">The pool chunks are rented from; <see cref="ChunkPool.Default"/> when null.</param>
    public PartBufferManager(int partCount, int maxInMemoryParts, ArrayPool<byte>? pool = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(partCount);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxInMemoryParts, 1);
        _partCount = partCount;
        _maxInMemoryParts = maxInMemoryParts;
        _pool = pool ?? ChunkPool.Default;
        _slots = new PartSlot[maxInMemoryParts];
    }

    /// <summary>The part the reader reads or waits for (partCount + 1 once every part was read).</summary>
    public int NextPartToRead
    {
        get
        {
            lock (_lock)
            {
                return _nextPart;
            }
        }
    }

    /// <summary>
    /// Completes once <paramref name="partNumber"/> is inside the window (it is less than the part the reader needs
    /// plus maxInMemoryParts), so that fetching it keeps memory bounded. Call before sending the part's request.
    /// </summary>
    /// <exception cref="OperationCanceledException">The token was canceled, or the manager was disposed or failed
    /// (the part is no longer needed).</exception>
    public ValueTask WaitForWindowAsync(int partNumber, CancellationToken cancellationToken)
    {
        ValidatePartNumber(partNumber);
        WindowWaiter waiter;
        lock (_lock)
        {
            if (_stopped)
            {
                BufferingThrowHelper.ThrowStopped(partNumber);
            }

            if (partNumber < _nextPart + _maxInMemoryParts)
            {
                return ValueTask.CompletedTask;
            }

            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled(cancellationToken);
            }

            waiter = new WindowWaiter(partNumber);
            _windowWaiters.Add(waiter);
        }

        return WaitForWindowCoreAsync(waiter, cancellationToken);
    }

    /// <summary>
    /// Hands over the body of <paramref name="partNumber"/>, which must be exactly <paramref name="length"/> bytes.
    /// The manager owns <paramref name="body"/> from this call on and disposes it on every path.
    /// </summary>
    /// <remarks>
    /// When the reader needs this part now, the body goes to the reader unbuffered and this call completes when the
    /// reader has read it to its end (or the manager stopped). Otherwise the body is read into pooled chunks and this
    /// call completes once they are published. After disposal or a failure, the body is disposed and the call returns.
    /// </remarks>
    /// <exception cref="PartDownloadException">The body was shorter or longer than <paramref name="length"/>.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled.</exception>
    public async ValueTask DeliverAsync(int partNumber, Stream body, long length, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(body);
        LivePart? live;
        try
        {
            ArgumentOutOfRangeException.ThrowIfNegative(length);
            await WaitForWindowAsync(partNumber, cancellationToken).ConfigureAwait(false);
            live = Claim(partNumber, body, length);
        }
        catch (OperationCanceledException) when (_stopped && !cancellationToken.IsCancellationRequested)
        {
            await body.DisposeAsync().ConfigureAwait(false);
            return;
        }
        catch
        {
            await body.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        if (live is not null)
        {
            // The reader owns the body now, even if this producer stops waiting.
            await live.Consumed.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
            return;
        }

        await BufferAsync(partNumber, body, length, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Fails the download: the reader's current and every later read throw a <see cref="PartDownloadException"/> for
    /// <paramref name="partNumber"/> with <paramref name="error"/> inside. The first failure wins; later calls and
    /// calls after disposal do nothing.
    /// </summary>
    public void Fail(int partNumber, Exception error)
    {
        ArgumentNullException.ThrowIfNull(error);
        FailWithMessage(partNumber, $"Downloading part {partNumber} failed: {error.Message}", error);
    }

    public void Dispose() => Stop(disposing: true, 0, null, null);

    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }
}
