namespace S3TransferManager.Parts;

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
/// Every tail part is a request more than uniform parts would take, and each request costs the AWS SDK ~60 KB of
/// allocations. Where longer parts are harmless (a download to a file: no window holds a part in memory), the head parts
/// after part 1 may grow, up to <c>maxHeadPartSize</c>, so that the whole layout takes no more requests than uniform
/// parts would.
/// Invariants: part 1 is exactly bytes 0..FirstPartLength-1 when the object is longer (what the discovery GET
/// answered for: PartSize for a ranged GET, the uploader's part 1 for a GET by part number); parts are contiguous,
/// cover the object, and none is empty or longer than the larger of <see cref="HeadPartSize"/> and
/// <see cref="FirstPartLength"/> (an empty object has one empty part); head parts after part 1 are exactly
/// HeadPartSize, which is PartSize unless the head grew.
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
    /// 2 x <see cref="MinTailPartSize"/>). With a tail and <paramref name="maxHeadPartSize"/> above
    /// <paramref name="partSize"/>, the head parts after part 1 grow (at most to it) until the layout has no more parts
    /// than a uniform one. <paramref name="firstPartLength"/> (0: <paramref name="partSize"/>) is part 1's length.</summary>
    public PartLayout(long totalLength, long partSize, int tailWidth = 0, long maxHeadPartSize = 0, long firstPartLength = 0)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(totalLength);
        ArgumentOutOfRangeException.ThrowIfLessThan(partSize, 1);
        ArgumentOutOfRangeException.ThrowIfNegative(firstPartLength);
        TotalLength = totalLength;
        PartSize = partSize;
        FirstPartLength = firstPartLength == 0 ? partSize : firstPartLength;
        HeadPartSize = partSize;
        TailWidthAsked = tailWidth;
        MaxHeadPartSize = maxHeadPartSize;
        long first = FirstPartLength;
        int levels = 0;
        while (levels < MaxTailLevels && partSize >> (levels + 1) >= MinTailPartSize)
        {
            levels++;
        }

        long nominalTail = tailWidth >= 2 && levels > 0 ? (partSize - (partSize >> levels)) * tailWidth : 0;
        if (nominalTail > 0 && totalLength - first >= nominalTail)
        {
            long headBytes = totalLength - first - nominalTail;
            HeadPartSize = GrownHeadPartSize(totalLength - first + partSize, partSize, headBytes, tailWidth * levels, maxHeadPartSize);
            _headParts = checked(1 + (int)(headBytes / HeadPartSize));
            _tailWidth = tailWidth;
            _tailLevels = levels;
        }
        else
        {
            _headParts = totalLength <= first ? 1 : checked(1 + (int)((totalLength - first + partSize - 1) / partSize));
        }
    }

    public long TotalLength { get; }

    /// <summary>The requested part size: the length of the parts after part 1, before the head grows or the tail
    /// shrinks.</summary>
    public long PartSize { get; }

    /// <summary>Part 1's length when the object is longer: <see cref="PartSize"/> after a ranged first GET, the
    /// uploader's part 1 after a GET by part number.</summary>
    public long FirstPartLength { get; }

    /// <summary>The length of head parts 2 and on, and the longest any part is: <see cref="PartSize"/>, or more when the
    /// head grew to pay for the tail's requests.</summary>
    public long HeadPartSize { get; }

    public int PartCount => _headParts + (_tailWidth * _tailLevels);

    /// <summary>The tail width the layout was asked for: with <see cref="TotalLength"/>, <see cref="PartSize"/> and
    /// <see cref="MaxHeadPartSize"/>, what rebuilds this very layout (a resumed download keeps its parts).</summary>
    public int TailWidthAsked { get; }

    /// <summary>The bound the head parts may grow to, as the layout was asked for.</summary>
    public long MaxHeadPartSize { get; }

    public long StartOf(int partNumber)
    {
        if (partNumber <= _headParts)
        {
            return partNumber == 1 ? 0 : FirstPartLength + ((partNumber - 2) * HeadPartSize);
        }

        long tailStart = FirstPartLength + ((_headParts - 1) * HeadPartSize);
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
        : StartOf(partNumber + 1) - 1;

    public long LengthOf(int partNumber) => EndOf(partNumber) - StartOf(partNumber) + 1;

    /// <summary>
    /// The head part size that brings the layout's part count down to a uniform layout's: the head bytes after part 1
    /// spread over that count less part 1 and the tail parts, rounded up to 64 KiB and capped at
    /// <paramref name="maxHeadPartSize"/>; <paramref name="partSize"/> when that is not longer.
    /// </summary>
    private static long GrownHeadPartSize(long totalLength, long partSize, long headBytes, int tailParts, long maxHeadPartSize)
    {
        if (maxHeadPartSize <= partSize || headBytes == 0)
        {
            return partSize;
        }

        long uniformParts = (totalLength + partSize - 1) / partSize;
        long headSlots = uniformParts - 1 - tailParts;
        if (headSlots < 1)
        {
            return maxHeadPartSize;
        }

        // A whole number of the 64 KiB copy buffers a part is written through.
        const long Alignment = TransferLimits.BufferSize;
        long grown = (headBytes + headSlots - 1) / headSlots;
        grown = (grown + Alignment - 1) / Alignment * Alignment;
        return Math.Clamp(grown, partSize, maxHeadPartSize);
    }
}
