namespace S3TransferManager.Buffering;

/// <summary>
/// Which parts a <see cref="PartBufferManager"/> lets producers fetch, given the part the reader needs next: a number of
/// parts, or a number of bytes counted from the first byte of the reader's part. Counted in bytes, the smaller parts at
/// the end of a large object each take only their own length, so more of them are fetched at once within the same
/// memory bound.
/// </summary>
internal sealed class PartWindow
{
    private readonly int _parts;
    private readonly long _bytes;
    private readonly Func<int, long>? _startOf;
    private readonly Func<int, long>? _endOf;

    private PartWindow(int parts, long bytes, Func<int, long>? startOf, Func<int, long>? endOf, int mostParts)
    {
        _parts = parts;
        _bytes = bytes;
        _startOf = startOf;
        _endOf = endOf;
        MostParts = mostParts;
    }

    /// <summary>The most parts the window can ever hold at once: the buffer manager's slots.</summary>
    public int MostParts { get; }

    /// <summary>A window of <paramref name="parts"/> parts, whatever their length.</summary>
    public static PartWindow OfParts(int parts)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(parts, 1);
        return new PartWindow(parts, 0, null, null, parts);
    }

    /// <summary>A window of <paramref name="bytes"/> bytes: a part is inside once its last byte is less than
    /// <paramref name="bytes"/> past the first byte of the reader's part (which is always inside).</summary>
    /// <param name="bytes">The window's length; at least the longest part, or the window holds one part at a time.</param>
    /// <param name="partCount">The number of parts, numbered from 1.</param>
    /// <param name="startOf">A part's first byte.</param>
    /// <param name="endOf">A part's last byte (inclusive).</param>
    public static PartWindow OfBytes(long bytes, int partCount, Func<int, long> startOf, Func<int, long> endOf)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(bytes, 1);
        ArgumentOutOfRangeException.ThrowIfNegative(partCount);
        return new PartWindow(0, bytes, startOf, endOf, MostPartsWithin(bytes, partCount, startOf, endOf));
    }

    /// <summary>Whether <paramref name="part"/> may be fetched while the reader needs <paramref name="nextPart"/>.</summary>
    public bool Admits(int part, int nextPart) =>
        part <= nextPart || (_startOf is null ? part < nextPart + _parts : _endOf!(part) - _startOf(nextPart) < _bytes);

    /// <summary>The longest run of consecutive parts that fits in <paramref name="bytes"/> (at least 1): one pass with
    /// two cursors, so no list of the parts is kept.</summary>
    private static int MostPartsWithin(long bytes, int partCount, Func<int, long> startOf, Func<int, long> endOf)
    {
        int most = 1;
        int last = 1;
        for (int first = 1; first <= partCount; first++)
        {
            last = Math.Max(last, first);
            while (last < partCount && endOf(last + 1) - startOf(first) < bytes)
            {
                last++;
            }

            most = Math.Max(most, last - first + 1);
        }

        return most;
    }
}
