namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// An immutable byte sequence kept in segments so that it can exceed 2 GiB and be served without copying.
/// Invariant: every segment but the last is exactly <see cref="SegmentSize"/> bytes; the last holds the rest.
/// </summary>
internal sealed class SegmentedBuffer
{
    /// <summary>1 MiB: large enough for few, large socket writes; small enough to waste little on a partial last segment.</summary>
    public const int SegmentSize = 1 << 20;

    private readonly byte[][] _segments;
    private readonly SegmentPool? _pool;
    private int _returned;

    public SegmentedBuffer(byte[][] segments, long length, SegmentPool? pool)
    {
        _segments = segments;
        Length = length;
        _pool = pool;
    }

    public static SegmentedBuffer Empty { get; } = new([], 0, pool: null);

    public long Length { get; }

    /// <summary>The stored bytes from <paramref name="offset"/> to the end of that segment, at most <paramref name="maxCount"/> long.</summary>
    public ReadOnlyMemory<byte> GetChunk(long offset, long maxCount)
    {
        long index = Math.DivRem(offset, SegmentSize, out long inSegment);
        long available = Math.Min(Math.Min(SegmentSize - inSegment, Length - offset), maxCount);
        return _segments[index].AsMemory((int)inSegment, (int)available);
    }

    /// <summary>Copies the whole buffer into one array; only for small bodies such as XML documents.</summary>
    public byte[] ToArray()
    {
        var result = new byte[checked((int)Length)];
        long offset = 0;
        while (offset < Length)
        {
            ReadOnlyMemory<byte> chunk = GetChunk(offset, Length - offset);
            chunk.Span.CopyTo(result.AsSpan((int)offset));
            offset += chunk.Length;
        }

        return result;
    }

    /// <summary>
    /// Gives the segments back to the pool. Only the owner calls this, once nothing can read the buffer any more
    /// (see <see cref="StoredObject.Release"/>); a second call does nothing.
    /// </summary>
    public void ReturnToPool()
    {
        if (_pool is null || Interlocked.Exchange(ref _returned, 1) != 0)
        {
            return;
        }

        foreach (byte[] segment in _segments)
        {
            _pool.Return(segment);
        }
    }
}
