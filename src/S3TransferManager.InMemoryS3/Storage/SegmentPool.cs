using System.Collections.Concurrent;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// Recycles full-size segments of objects that were overwritten, deleted or aborted. Fresh memory costs a page fault
/// per 4 KiB on first touch, which on a virtual machine held uploads to ~100-200 MB/s; recycled segments are
/// already mapped. Holds at most <see cref="MaxPooledSegments"/> segments; the rest are left to the GC.
/// </summary>
internal sealed class SegmentPool
{
    /// <summary>4 GiB of 1 MiB segments: enough for the benchmarks' repeated 1 GiB uploads.</summary>
    public const int MaxPooledSegments = 4096;

    private readonly ConcurrentStack<byte[]> _segments = new();

    public int Count => _segments.Count;

    /// <summary>Allocates and touches segments up to <paramref name="bytes"/> (within the pool's limit).</summary>
    public void Prewarm(long bytes)
    {
        long segments = Math.Min((bytes + SegmentedBuffer.SegmentSize - 1) / SegmentedBuffer.SegmentSize, MaxPooledSegments);
        for (long i = 0; i < segments; i++)
        {
            // Write one byte per page so the faults happen now, not during a transfer (the GC may skip zeroing
            // fresh memory, so a plain allocation is not enough).
            byte[] segment = GC.AllocateUninitializedArray<byte>(SegmentedBuffer.SegmentSize);
            for (int page = 0; page < segment.Length; page += 4096)
            {
                segment[page] = 0;
            }

            _segments.Push(segment);
        }
    }

    public byte[] Rent() =>
        _segments.TryPop(out byte[]? segment) ? segment : GC.AllocateUninitializedArray<byte>(SegmentedBuffer.SegmentSize);

    /// <summary>Takes back a segment nobody reads any more; other sizes (trimmed last segments) are ignored.</summary>
    public void Return(byte[] segment)
    {
        if (segment.Length == SegmentedBuffer.SegmentSize && _segments.Count < MaxPooledSegments)
        {
            _segments.Push(segment);
        }
    }
}
