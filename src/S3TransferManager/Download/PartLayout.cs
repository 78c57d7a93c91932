namespace S3TransferManager.Download;

/// <summary>
/// How an object of a known length splits into ranged parts, numbered from 1: the one source of part boundaries for
/// every consumer (requests, file offsets, the stream's window, checksums).
/// </summary>
/// <remarks>
/// With a tail width W (the number of connections), the parts shrink toward the end so that the connections finish
/// together instead of some idling while the last full parts arrive: after the head of full parts come W parts of
/// about PartSize/2, then W of PartSize/4, and so on (at most to PartSize/8) down to about <see cref="MinTailPartSize"/>. A worker that claims
/// a part near the end then holds at most a small one. The tail's bytes are the object's remainder after the head, so
/// its parts are scaled a little (by less than PartSize / tail bytes) to fit exactly.
/// Invariants: part 1 is exactly bytes 0..PartSize-1 when the object is longer (the discovery GET asked for that);
/// parts are contiguous, cover the object, and none is empty or longer than PartSize (an empty object has one empty
/// part); head parts are exactly PartSize.
/// </remarks>
internal readonly record struct PartLayout
{
    /// <summary>The smallest tail part aimed for. Short enough that the connections finish within ~35 ms of each other
    /// at S3's ~60 MB/s per connection; long enough to take longer than one first-byte wait (~20 ms), so the next
    /// part's request, sent in a body's last round trip, is never late, and few enough parts that the tail adds about
    /// 1.25 requests per connection (each costs the AWS SDK's ~60 KB of allocations).</summary>
    internal const long MinTailPartSize = 2 * 1024 * 1024;

    /// <summary>At most this many halvings: PartSize/2 .. PartSize/8.</summary>
    private const int MaxTailLevels = 3;

    /// <summary>Full parts from the start, part 1 included (all of them when there is no tail).</summary>
    private readonly int _headParts;

    /// <summary>Parts per tail level (the tail width); 0 without a tail.</summary>
    private readonly int _tailWidth;

    /// <summary>Tail levels; 0 without a tail.</summary>
    private readonly int _tailLevels;

    /// <summary>A layout of <paramref name="partSize"/> parts, with a shrinking tail for <paramref name="tailWidth"/>
    /// connections when the object is long enough to hold one after part 1 (2 or more connections, parts of at least
    /// 2 x <see cref="MinTailPartSize"/>).</summary>
    public PartLayout(long totalLength, long partSize, int tailWidth = 0)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(totalLength);
        ArgumentOutOfRangeException.ThrowIfLessThan(partSize, 1);
        TotalLength = totalLength;
        PartSize = partSize;
        int levels = 0;
        while (levels < MaxTailLevels && partSize >> (levels + 1) >= MinTailPartSize)
        {
            levels++;
        }

        long nominalTail = tailWidth >= 2 && levels > 0 ? (partSize - (partSize >> levels)) * tailWidth : 0;
        if (nominalTail > 0 && totalLength - partSize >= nominalTail)
        {
            _headParts = checked(1 + (int)((totalLength - partSize - nominalTail) / partSize));
            _tailWidth = tailWidth;
            _tailLevels = levels;
        }
        else
        {
            _headParts = totalLength == 0 ? 1 : checked((int)((totalLength + partSize - 1) / partSize));
        }
    }

    public long TotalLength { get; }

    public long PartSize { get; }

    public int PartCount => _headParts + (_tailWidth * _tailLevels);

    public long StartOf(int partNumber)
    {
        if (partNumber <= _headParts)
        {
            return (partNumber - 1) * PartSize;
        }

        long tailStart = _headParts * PartSize;
        int index = partNumber - _headParts - 1;
        if (index >= _tailWidth * _tailLevels)
        {
            return TotalLength;
        }

        // In units of the smallest tail part: the units before tail part `index`, scaled onto the tail's real bytes.
        int level = index / _tailWidth;
        long unitsBefore = ((long)_tailWidth * ((1L << _tailLevels) - (1L << (_tailLevels - level))))
            + ((index % _tailWidth) * (1L << (_tailLevels - 1 - level)));
        long allUnits = _tailWidth * ((1L << _tailLevels) - 1);
        return tailStart + (long)((Int128)(TotalLength - tailStart) * unitsBefore / allUnits);
    }

    /// <summary>The inclusive last byte of a part.</summary>
    public long EndOf(int partNumber) =>
        partNumber >= PartCount ? TotalLength - 1
        : partNumber < _headParts ? (partNumber * PartSize) - 1
        : StartOf(partNumber + 1) - 1;

    public long LengthOf(int partNumber) => EndOf(partNumber) - StartOf(partNumber) + 1;
}
