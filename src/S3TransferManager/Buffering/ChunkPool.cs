using System.Buffers;

namespace S3TransferManager.Buffering;

/// <summary>
/// The library's pool of 64 KiB chunks. <see cref="ArrayPool{T}.Shared"/> keeps only about 32 arrays of a size per
/// core, so a part of 128 chunks allocates most of them afresh every time (measured: ~4 MB allocated and a 2-3x
/// slowdown per 8 MiB part on 2 cores); this pool keeps enough chunks for the buffering bound and gives back, at each
/// full (gen 2) garbage collection, the chunks nobody needed since the previous one.
/// </summary>
/// <remarks>Invariants: holds only arrays of exactly <see cref="ChunkSize"/> bytes, at most the
/// <c>maxRetainedChunks</c> it was built with; <see cref="_idleCount"/> &lt;= <see cref="_count"/>. Thread-safe.</remarks>
internal sealed class ChunkPool : ArrayPool<byte>
{
    /// <summary>The size of every chunk.</summary>
    public const int ChunkSize = ChunkedBufferStream.ChunkSize;

    /// <summary>Room for the default download bound (24 parts of 8 MiB) in 64 KiB chunks: 192 MiB at most, idle only
    /// until the next full collection.</summary>
    public const int DefaultMaxRetainedChunks =
        TransferUtilityOpenStreamRequest.DefaultMaxInMemoryParts * (int)(TransferLimits.DefaultPartSize / ChunkSize);

    private static readonly ChunkPool s_default = new(DefaultMaxRetainedChunks, trimOnFullCollections: true);

    private readonly Lock _lock = new();
    private readonly byte[]?[] _free;
    private int _count;

    // The fewest chunks that were free at any moment since the last trim: that many were never needed meanwhile.
    private int _idleCount;

    public ChunkPool(int maxRetainedChunks, bool trimOnFullCollections = false)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(maxRetainedChunks);
        _free = new byte[maxRetainedChunks][];
        if (trimOnFullCollections)
        {
            FullCollectionCallback.Register(this);
        }
    }

    /// <summary>The pool every chunked buffer uses unless given another.</summary>
    public static ChunkPool Default => s_default;

    /// <summary>The number of chunks held, ready to rent.</summary>
    public int FreeCount
    {
        get
        {
            lock (_lock)
            {
                return _count;
            }
        }
    }

    /// <summary>Rents a chunk: always exactly <see cref="ChunkSize"/> bytes.</summary>
    public override byte[] Rent(int minimumLength)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(minimumLength, ChunkSize);
        lock (_lock)
        {
            if (_count > 0)
            {
                byte[] chunk = _free[--_count]!;
                _free[_count] = null;
                _idleCount = Math.Min(_idleCount, _count);
                return chunk;
            }
        }

        // Uninitialized is safe: chunk bytes are only ever read after they were written.
        return GC.AllocateUninitializedArray<byte>(ChunkSize);
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (array.Length != ChunkSize)
        {
            throw new ArgumentException("The array was not rented from this pool.", nameof(array));
        }

        if (clearArray)
        {
            Array.Clear(array);
        }

        lock (_lock)
        {
            if (_count < _free.Length)
            {
                _free[_count++] = array;
            }
        }
    }

    /// <summary>Drops the chunks that stayed unused since the previous trim.</summary>
    public void Trim()
    {
        lock (_lock)
        {
            int drop = _idleCount;
            for (int i = 0; i < drop; i++)
            {
                _free[--_count] = null;
            }

            _idleCount = _count;
        }
    }
}
