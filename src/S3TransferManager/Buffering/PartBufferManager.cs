using System.Buffers;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Buffering;

/// <summary>
/// Hands the parts of one object to a single reader strictly in order, with at most a window's worth of parts (a number
/// of parts, or of bytes: <see cref="PartWindow"/>) between the reader and the furthest part a producer may fetch. The
/// part the reader needs next is read straight from its body; parts that arrive early are buffered in a
/// <see cref="ChunkedBufferStream"/>.
/// </summary>
/// <remarks>
/// This type is the whole state machine: producers call <see cref="WaitForWindowAsync"/>, <see cref="DeliverAsync"/>
/// and <see cref="Fail(int, Exception)"/> concurrently; the one <see cref="PartReader"/> from <see cref="OpenReader"/>
/// moves the cursor through the <c>Reader*</c> transitions below; <see cref="Dispose"/> may run while the reader or
/// producers wait, not while a reader call is copying. Every field below <see cref="_lock"/> is guarded by it; no I/O,
/// pool return, stream disposal or task completion happens while it is held.
/// Invariants: parts are numbered 1..partCount (an empty object has one empty part); a part is delivered at most once
/// and only inside the window that starts at <see cref="_nextPart"/>, which never holds more than
/// <see cref="PartWindow.MostParts"/> parts, so slot (part - 1) % MostParts is never shared; only part
/// <see cref="_nextPart"/> is ever live or handed to the reader; a handed part belongs to whoever clears
/// <see cref="_handed"/> (the reader finishing it, or disposal). Once stopped (failed or disposed) the manager never starts again.
/// </remarks>
internal sealed class PartBufferManager : IDisposable
{
    /// <summary>Guards every mutable field below.</summary>
    private readonly Lock _lock = new();

    /// <summary>The number of parts; the reader reports the end after part <see cref="_partCount"/>.</summary>
    private readonly int _partCount;

    /// <summary>The window: which parts, starting with <see cref="_nextPart"/>, may be fetched (so buffered) at once.</summary>
    private readonly PartWindow _window;

    /// <summary>Where buffered parts rent their chunks.</summary>
    private readonly ArrayPool<byte> _pool;

    /// <summary>The parts inside the window, delivered but not yet handed to the reader; indexed (part - 1) % window.</summary>
    private readonly PartSlot[] _slots;

    /// <summary>Producers waiting for the window to reach their part.</summary>
    private readonly List<WindowWaiter> _windowWaiters = [];

    /// <summary>Producers waiting for memory to buffer their part, woken early when the reader reaches it (then it
    /// needs none: it goes to the reader live).</summary>
    private readonly List<WindowWaiter> _memoryWaiters = [];

    /// <summary>The part the reader reads or waits for; partCount + 1 once every part was read.</summary>
    private int _nextPart = 1;

    /// <summary>The reader waiting for <see cref="_nextPart"/> to be delivered, if it is waiting.</summary>
    private TaskCompletionSource? _readerWaiter;

    /// <summary>The one reader, once <see cref="OpenReader"/> handed it out (and who it was opened for).</summary>
    private string? _readerOwner;

    /// <summary>The part <see cref="_nextPart"/> taken from its slot by the reader and not finished yet.</summary>
    private PartSlot _handed;

    /// <summary>Failed or disposed: the reader throws, producers are released, nothing new is accepted. Read without
    /// the lock on the reader's fast path, hence volatile.</summary>
    private volatile bool _stopped;

    /// <summary>Stopped by <see cref="Dispose"/> (the reader sees <see cref="ObjectDisposedException"/>).</summary>
    private bool _disposed;

    /// <summary>Run when the reader reaches the end, before it reports it (checksum validation); set before the reader
    /// reads, and null once it passed.</summary>
    private Func<CancellationToken, ValueTask>? _endCheck;

    /// <summary>The first failure: its part, message and cause, reported by every later read.</summary>
    private int _failedPart;
    private string? _failureMessage;
    private Exception? _failureCause;

    /// <param name="partCount">The number of parts; a download has at least one (an empty object has one empty part),
    /// and with none the reader reports the end at once.</param>
    /// <param name="maxInMemoryParts">The window: how many parts, starting with the one the reader needs, may be
    /// fetched (and so buffered) at once. Memory is bounded by this many parts.</param>
    /// <param name="pool">The pool chunks are rented from; <see cref="ChunkPool.Default"/> when null.</param>
    public PartBufferManager(int partCount, int maxInMemoryParts, ArrayPool<byte>? pool = null)
        : this(partCount, PartWindow.OfParts(maxInMemoryParts), pool)
    {
    }

    /// <param name="partCount">The number of parts (see the other constructor).</param>
    /// <param name="window">Which parts may be fetched (and so buffered) at once, given the one the reader needs.</param>
    /// <param name="pool">The pool chunks are rented from; <see cref="ChunkPool.Default"/> when null.</param>
    public PartBufferManager(int partCount, PartWindow window, ArrayPool<byte>? pool = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(partCount);
        ArgumentNullException.ThrowIfNull(window);
        _partCount = partCount;
        _window = window;
        _pool = pool ?? ChunkPool.Default;
        // Every part inside the window at once has a slot of its own: (part - 1) % MostParts never collides.
        _slots = new PartSlot[window.MostParts];
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

    internal bool IsStopped => _stopped;

    internal ArrayPool<byte> Pool => _pool;

    /// <summary>Hands out the one reader of this manager.</summary>
    /// <param name="owner">Who reads (for the error a second reader gets), e.g. "ResponseStream".</param>
    /// <exception cref="InvalidOperationException">A reader was already opened: two readers would each get some of the
    /// bytes, or the same bytes twice.</exception>
    public PartReader OpenReader(string owner)
    {
        lock (_lock)
        {
            if (_readerOwner is not null)
            {
                BufferingThrowHelper.ThrowSecondReader(_readerOwner, owner);
            }

            _readerOwner = owner;
        }

        return new PartReader(this);
    }

    /// <summary>
    /// Completes once <paramref name="partNumber"/> is inside the window that starts at the part the reader needs, so
    /// that fetching it keeps memory bounded. Call before sending the part's request.
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

            if (_window.Admits(partNumber, _nextPart))
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
    /// Reserves <paramref name="length"/> bytes of the shared buffer budget for buffering <paramref name="partNumber"/>,
    /// unless the reader needs the part now: then (or as soon as the reader reaches it while waiting for memory) it
    /// returns <see langword="null"/>, because a part handed to the reader live needs no buffer. Call after
    /// <see cref="WaitForWindowAsync"/>, before the part's request, and pass the result to <see cref="DeliverAsync"/>.
    /// </summary>
    /// <exception cref="OperationCanceledException">The token was canceled, or the manager stopped.</exception>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    public ValueTask<BufferLease?> ReserveAsync(int partNumber, BufferAccount account, long length, CancellationToken cancellationToken)
    {
        lock (_lock)
        {
            if (_stopped)
            {
                BufferingThrowHelper.ThrowStopped(partNumber);
            }

            if (partNumber <= _nextPart)
            {
                return ValueTask.FromResult<BufferLease?>(null);
            }
        }

        // Memory is free now (the usual case): nothing to wait for, so no race with the reader to set up. A lease
        // granted at once is what the wait below returns too when both are ready.
        return account.TryAcquire(length, out BufferLease? lease)
            ? ValueTask.FromResult<BufferLease?>(lease)
            : ReserveWaitingAsync(partNumber, account, length, cancellationToken);
    }

    /// <summary>Waits for memory, or for the reader to reach the part first (then it needs none).</summary>
    private async ValueTask<BufferLease?> ReserveWaitingAsync(int partNumber, BufferAccount account, long length, CancellationToken cancellationToken)
    {
        WindowWaiter readerReached;
        lock (_lock)
        {
            if (_stopped)
            {
                BufferingThrowHelper.ThrowStopped(partNumber);
            }

            if (partNumber <= _nextPart)
            {
                return null;
            }

            readerReached = new WindowWaiter(partNumber);
            _memoryWaiters.Add(readerReached);
        }

        using var stopAcquire = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        Task<BufferLease> acquire = account.AcquireAsync(length, stopAcquire.Token).AsTask();
        try
        {
            Task first = await Task.WhenAny(acquire, readerReached.Released.Task).ConfigureAwait(false);
            if (first == acquire)
            {
                return await acquire.ConfigureAwait(false);
            }

            // The reader reached the part (or the manager stopped): no memory needed after all.
            await stopAcquire.CancelAsync().ConfigureAwait(false);
            try
            {
                (await acquire.ConfigureAwait(false)).Dispose();
            }
            catch (OperationCanceledException)
            {
            }

            cancellationToken.ThrowIfCancellationRequested();
            if (_stopped)
            {
                BufferingThrowHelper.ThrowStopped(partNumber);
            }

            return null;
        }
        finally
        {
            lock (_lock)
            {
                _memoryWaiters.Remove(readerReached);
            }
        }
    }

    /// <summary>
    /// Hands over the body of <paramref name="partNumber"/>, which must be exactly <paramref name="length"/> bytes.
    /// The manager owns <paramref name="body"/> from this call on and disposes it on every path.
    /// </summary>
    /// <remarks>
    /// When the reader needs this part now, the body goes to the reader unbuffered and this call completes when the
    /// reader has read it to its end (or the manager stopped). Otherwise the body is read into pooled chunks and this
    /// call completes once they are published. After disposal or a failure, the body is disposed and the call returns.
    /// A live body may see a canceled read (the reader's token) and must then continue from the same byte on the next
    /// read: <c>ResumableRangeStream</c> does, by re-requesting the rest of its range.
    /// </remarks>
    /// <param name="partNumber">The part.</param>
    /// <param name="body">Its body, owned by the manager from this call on.</param>
    /// <param name="length">The part's exact length.</param>
    /// <param name="cancellationToken">Stops the delivery.</param>
    /// <param name="handedLive">Called with <paramref name="body"/> once it becomes the reader's part: handed to the reader
    /// unbuffered (before the reader reads it), or, while it is still read into chunks, once the reader waits for it.
    /// The reader's part gives its request slot back, as the AWS SDK's reader reads its part beside its capped requests;
    /// a static callback costs no allocation per part.</param>
    /// <param name="memory">The budget reserved by <see cref="ReserveAsync"/>, owned from this call on: released at
    /// once when the part goes live, else when its buffer is disposed.</param>
    /// <exception cref="PartDownloadException">The body was shorter or longer than <paramref name="length"/>.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled.</exception>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public async ValueTask DeliverAsync(int partNumber, Stream body, long length, CancellationToken cancellationToken, Action<Stream>? handedLive = null,
        BufferLease? memory = null)
    {
        ArgumentNullException.ThrowIfNull(body);
        LivePart? live;
        try
        {
            ArgumentOutOfRangeException.ThrowIfNegative(length);
            await WaitForWindowAsync(partNumber, cancellationToken).ConfigureAwait(false);
            live = Claim(partNumber, body, length, handedLive);
        }
        catch (OperationCanceledException) when (_stopped && !cancellationToken.IsCancellationRequested)
        {
            memory?.Dispose();
            await body.DisposeAsync().ConfigureAwait(false);
            return;
        }
        catch
        {
            memory?.Dispose();
            await body.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        if (live is not null)
        {
            // The reader owns the body now, even if this producer stops waiting.
            memory?.Dispose();
            handedLive?.Invoke(body);
            await live.Consumed.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
            return;
        }

        await BufferAsync(partNumber, body, length, memory, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Fails the download: the reader's current and every later read throw a <see cref="PartDownloadException"/> for
    /// <paramref name="partNumber"/> with <paramref name="error"/> inside. The first failure wins; later calls and
    /// calls after disposal do nothing.
    /// </summary>
    public void Fail(int partNumber, Exception error)
    {
        ArgumentNullException.ThrowIfNull(error);
        Stop(disposing: false, partNumber, $"Downloading part {partNumber} failed: {error.Message}", error);
    }

    /// <summary>Stops the download because the caller canceled it: the reader's current and later reads throw
    /// <see cref="OperationCanceledException"/>. Does nothing once stopped.</summary>
    public void Cancel(CancellationToken cancellationToken)
    {
        int part;
        lock (_lock)
        {
            part = _nextPart;
        }

        Stop(disposing: false, part, "The download was canceled.", new OperationCanceledException(cancellationToken));
    }

    /// <summary>Fails the download with a message of its own (a body of the wrong length has no exception).</summary>
    internal void Fail(int partNumber, string message) => Stop(disposing: false, partNumber, message, null);

    public void Dispose() => Stop(disposing: true, 0, null, null);

    /// <summary>Sets a check the reader runs when it reaches the end of the last part, before it reports the end: an
    /// error from it fails the download (the reader throws it, typed, on this and every later read). Call before the
    /// reader starts.</summary>
    public void SetEndCheck(Func<CancellationToken, ValueTask> check) => _endCheck = check;

    // ---- Reader transitions: called only by the one PartReader. ----

    /// <summary>Hands part <see cref="_nextPart"/> to the reader (<paramref name="part"/>), or returns the task to
    /// wait on, or reports the end (<paramref name="end"/>). Once stopped, returns nothing: the reader checks
    /// <see cref="IsStopped"/> and calls <see cref="ReaderStopped"/>.</summary>
    internal TaskCompletionSource? ReaderTakeNext(out PartSlot part, out bool end)
    {
        part = default;
        end = false;
        TaskCompletionSource waiter;
        Action<Stream>? readerWaiting;
        Stream? filling;
        lock (_lock)
        {
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
            if (slot.Buffered is not null || slot.Live is not null)
            {
                part = slot;
                _handed = slot;
                slot.Buffered = null;
                slot.Live = null;
                return null;
            }

            waiter = _readerWaiter ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            // The part is still being read into chunks: it is the reader's part now, and gives its slot back as a live
            // one does (once; outside the lock, since that wakes a request waiting for a slot).
            readerWaiting = slot.ReaderWaiting;
            filling = slot.Filling;
            slot.ReaderWaiting = null;
        }

        if (readerWaiting is not null && filling is not null)
        {
            readerWaiting(filling);
        }

        return waiter;
    }

    /// <summary>At the end of the object: runs the end check once (again after a canceled attempt, which fails
    /// nothing); a failed check stops the manager with its error.</summary>
    internal async ValueTask ReaderCheckEndAsync(CancellationToken cancellationToken)
    {
        Func<CancellationToken, ValueTask>? check = _endCheck;
        if (check is null)
        {
            return;
        }

        try
        {
            await check(cancellationToken).ConfigureAwait(false);
            _endCheck = null;
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            Fail(_partCount, e);
        }
    }

    /// <summary>
    /// Ends the handed part and moves the window on by one part, releasing the producers it now reaches (for a turn
    /// in the window, or for memory no longer needed) and a live part's producer. Returns the handed part for the reader
    /// to dispose or keep; an empty slot when disposal already took it (and disposed it).
    /// </summary>
    internal PartSlot ReaderFinish()
    {
        PartSlot handed;
        List<WindowWaiter>? released = null;
        lock (_lock)
        {
            handed = _handed;
            _handed = default;

            // Once stopped, Stop already released everyone.
            if (!_stopped)
            {
                SlotFor(_nextPart) = default;
                _nextPart++;
                released = TakeWaitersInWindow();
                foreach (WindowWaiter waiter in _memoryWaiters)
                {
                    if (waiter.PartNumber <= _nextPart)
                    {
                        (released ??= []).Add(waiter);
                    }
                }
            }
        }

        handed.Live?.Consumed.TrySetResult();
        if (released is not null)
        {
            foreach (WindowWaiter waiter in released)
            {
                waiter.Released.TrySetResult();
            }
        }

        return handed;
    }

    /// <summary>Once stopped: takes back the handed part (disposed here) and returns what the reader must throw: the
    /// part failure, <see cref="OperationCanceledException"/> after <see cref="Cancel"/>, or
    /// <see cref="ObjectDisposedException"/>.</summary>
    internal Exception ReaderStopped()
    {
        PartSlot handed;
        Exception error;
        lock (_lock)
        {
            Debug.Assert(_stopped, "Only called once stopped.");
            handed = _handed;
            _handed = default;
            error = _disposed ? new ObjectDisposedException(nameof(PartBufferManager))
                : _failureCause is OperationCanceledException canceled ? new OperationCanceledException(_failureMessage, canceled, canceled.CancellationToken)
                : _failureCause is ChecksumMismatchException mismatch ? mismatch
                // Already names its part (a body out of resumes): wrapping it again would bury the cause one level deeper,
                // and whether a part failed buffered or live must not change what the reader sees.
                : _failureCause is PartDownloadException forAPart ? forAPart
                : new PartDownloadException(_failedPart, _failureMessage!, _failureCause);
        }

        handed.Buffered?.Dispose();
        handed.Live?.Body.Dispose();
        return error;
    }

    // ---- Producer side. ----

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
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
    private LivePart? Claim(int partNumber, Stream body, long length, Action<Stream>? readerWaiting)
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
                slot.Filling = body;
                slot.ReaderWaiting = readerWaiting;
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

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask BufferAsync(int partNumber, Stream body, long length, BufferLease? memory, CancellationToken cancellationToken)
    {
        // The buffer owns the reserved budget from here on: whoever disposes the buffer gives the bytes back.
        var buffer = new ChunkedBufferStream(_pool, length, memory);
        try
        {
            long appended;
            bool longer;
            await using (body.ConfigureAwait(false))
            {
                appended = await buffer.FillFromAsync(body, length, cancellationToken).ConfigureAwait(false);
                longer = appended == length && await PartLength.HasMoreAsync(body, cancellationToken).ConfigureAwait(false);
            }

            if (appended != length || longer)
            {
                string message = PartLength.MismatchMessage(partNumber, length, appended, longer);
                Fail(partNumber, message);
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

            ref PartSlot slot = ref SlotFor(partNumber);
            slot.Buffered = buffer;
            slot.Filling = null;
            slot.ReaderWaiting = null;
            if (partNumber == _nextPart)
            {
                wake = _readerWaiter;
                _readerWaiter = null;
            }
        }

        wake?.TrySetResult();
        return true;
    }

    /// <summary>Removes and returns the producers the window now reaches. Called under the lock.</summary>
    private List<WindowWaiter>? TakeWaitersInWindow()
    {
        List<WindowWaiter>? released = null;
        for (int i = _windowWaiters.Count - 1; i >= 0; i--)
        {
            WindowWaiter waiter = _windowWaiters[i];
            if (_window.Admits(waiter.PartNumber, _nextPart))
            {
                (released ??= []).Add(waiter);
                _windowWaiters[i] = _windowWaiters[^1];
                _windowWaiters.RemoveAt(_windowWaiters.Count - 1);
            }
        }

        return released;
    }

    private ref PartSlot SlotFor(int partNumber) => ref _slots[(partNumber - 1) % _slots.Length];

    private void ValidatePartNumber(int partNumber)
    {
        if ((uint)(partNumber - 1) >= (uint)_partCount)
        {
            BufferingThrowHelper.ThrowPartOutOfRange(partNumber, _partCount);
        }
    }

    // ---- Stopping. ----

    /// <summary>
    /// Stops the manager: wakes the reader, fails the producers waiting for the window, releases the producer of a
    /// live part, and disposes every buffered part nobody reads any more. On disposal the handed part is disposed too
    /// (a live body's pending read ends with it); after a failure the reader disposes it itself, because it may be
    /// reading it right now.
    /// </summary>
    private void Stop(bool disposing, int partNumber, string? message, Exception? cause)
    {
        var buffers = new List<ChunkedBufferStream>();
        var releasedLive = new List<LivePart>();
        var bodies = new List<Stream>();
        TaskCompletionSource? reader;
        WindowWaiter[] waiters;
        WindowWaiter[] memoryWaiters;
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
                    releasedLive.Add(slot.Live);
                    bodies.Add(slot.Live.Body);
                }

                slot = default;
            }

            if (_handed.Live is not null)
            {
                releasedLive.Add(_handed.Live);
            }

            if (disposing)
            {
                if (_handed.Buffered is not null)
                {
                    buffers.Add(_handed.Buffered);
                }

                if (_handed.Live is not null)
                {
                    bodies.Add(_handed.Live.Body);
                }

                _handed = default;
            }

            reader = _readerWaiter;
            _readerWaiter = null;
            waiters = [.. _windowWaiters];
            _windowWaiters.Clear();
            memoryWaiters = [.. _memoryWaiters];
        }

        // Everything below runs outside the lock: disposal may do I/O, continuations are queued, not inlined.
        reader?.TrySetResult();
        foreach (WindowWaiter waiter in waiters)
        {
            waiter.Released.TrySetException(new OperationCanceledException(
                $"The part buffer was disposed or failed; part {waiter.PartNumber} is no longer needed."));
        }

        foreach (WindowWaiter waiter in memoryWaiters)
        {
            // A producer waiting for memory wakes and finds the manager stopped.
            waiter.Released.TrySetResult();
        }

        foreach (LivePart live in releasedLive)
        {
            live.Consumed.TrySetResult();
        }

        foreach (Stream body in bodies)
        {
            body.Dispose();
        }

        foreach (ChunkedBufferStream buffer in buffers)
        {
            buffer.Dispose();
        }
    }
}
