using System.Runtime.CompilerServices;
using System.Threading.Channels;

namespace S3TransferManager.Directories;

/// <summary>
/// The items a directory transfer has found but not started, at most <c>capacity</c> of them: a worker takes the
/// largest (by the size function; equal sizes, and every item when there is no size function, in the order found).
/// Taking the largest first (longest processing time first) starts a big file's parts while small objects still keep
/// the other slots busy, instead of leaving them to run alone at the end with most connections idle.
/// </summary>
/// <remarks>
/// One writer. Items wait in a heap guarded by <see cref="_lock"/>; a bounded channel of tokens, one per item, does the
/// waiting (the writer for room, workers for items), completion and cancellation. Invariant: the heap holds as many
/// items as the channel holds tokens, or one more between <see cref="WriteAsync"/>'s enqueue and its token, so a worker
/// that read a token always finds an item.
/// </remarks>
internal sealed class LargestFirstQueue<T>
{
    /// <summary>Guards <see cref="_heap"/> and <see cref="_sequence"/>.</summary>
    private readonly Lock _lock = new();

    /// <summary>Items found and not taken; the smallest key (the largest size, then the earliest found) first.</summary>
    private readonly PriorityQueue<T, (long NegatedSize, long Sequence)> _heap = new();

    /// <summary>One token per item in the heap; its bound is the queue's capacity.</summary>
    private readonly Channel<bool> _tokens;

    /// <summary>The item's size, or null to keep the order found.</summary>
    private readonly Func<T, long>? _size;

    /// <summary>The number of items written so far: the tie-break that keeps equal sizes in the order found.</summary>
    private long _sequence;

    /// <param name="capacity">Items that may wait at once; the writer waits for room beyond it.</param>
    /// <param name="size">The size that orders items, largest first; null to keep the order found.</param>
    public LargestFirstQueue(int capacity, Func<T, long>? size)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        _tokens = Channel.CreateBounded<bool>(new BoundedChannelOptions(capacity) { SingleWriter = true });
        _size = size;
    }

    /// <summary>Items waiting to be taken.</summary>
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _heap.Count;
            }
        }
    }

    /// <summary>Adds an item once there is room (asynchronously waiting while the queue is full).</summary>
    /// <exception cref="OperationCanceledException">The token was canceled.</exception>
    /// <exception cref="ChannelClosedException">The queue was completed.</exception>
    public async ValueTask WriteAsync(T item, CancellationToken cancellationToken)
    {
        // Room first, then the item, then its token: the heap never holds more than capacity + 1. The one writer is
        // the only one who fills the channel, so the room found here is still there for the token.
        if (!await _tokens.Writer.WaitToWriteAsync(cancellationToken).ConfigureAwait(false))
        {
            throw new ChannelClosedException();
        }

        lock (_lock)
        {
            _heap.Enqueue(item, (-(_size?.Invoke(item) ?? 0), _sequence++));
        }

        if (!_tokens.Writer.TryWrite(true))
        {
            await _tokens.Writer.WriteAsync(true, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>No more items will be written; <paramref name="error"/>, when given, ends every reader with it.</summary>
    public void Complete(Exception? error = null) => _tokens.Writer.TryComplete(error);

    /// <summary>Takes items, largest first, until the queue is completed and empty.</summary>
    public async IAsyncEnumerable<T> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (bool _ in _tokens.Reader.ReadAllAsync(cancellationToken).ConfigureAwait(false))
        {
            T item;
            lock (_lock)
            {
                item = _heap.Dequeue();
            }

            yield return item;
        }
    }
}
