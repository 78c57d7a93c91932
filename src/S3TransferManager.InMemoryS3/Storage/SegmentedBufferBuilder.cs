using System.Security.Cryptography;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// Fills a <see cref="SegmentedBuffer"/> in place: callers write into <see cref="GetMemory"/> and
/// <see cref="Advance"/>, so request bodies land straight in storage. Also produces the digest used for the ETag.
/// </summary>
internal sealed class SegmentedBufferBuilder : IDisposable
{
    private readonly List<byte[]> _segments = [];
    private readonly SegmentPool _pool;
    private readonly IncrementalHash? _md5;
    private readonly long? _expectedLength;
    private int _used;
    private long _length;
    private bool _built;

    /// <param name="pool">Where full-size segments come from.</param>
    /// <param name="expectedLength">The announced length, when known, so a short last segment is sized exactly.</param>
    /// <param name="computeMd5">Whether <see cref="GetDigest"/> is the MD5 of the content (else random bytes).</param>
    public SegmentedBufferBuilder(SegmentPool pool, long? expectedLength, bool computeMd5)
    {
        _pool = pool;
        _expectedLength = expectedLength;
        _md5 = computeMd5 ? IncrementalHash.CreateHash(HashAlgorithmName.MD5) : null;
    }

    public long Length => _length;

    /// <summary>Free space at the end of the buffer, never empty.</summary>
    public Memory<byte> GetMemory()
    {
        if (_segments.Count == 0 || _used == _segments[^1].Length)
        {
            AddSegment();
        }

        return _segments[^1].AsMemory(_used);
    }

    public void Advance(int count)
    {
        byte[] segment = _segments[^1];
        _md5?.AppendData(segment, _used, count);
        _used += count;
        _length += count;
    }

    public void Write(ReadOnlySpan<byte> data)
    {
        while (!data.IsEmpty)
        {
            Span<byte> free = GetMemory().Span;
            int count = Math.Min(free.Length, data.Length);
            data[..count].CopyTo(free);
            Advance(count);
            data = data[count..];
        }
    }

    public SegmentedBuffer Build()
    {
        _built = true;
        if (_segments.Count > 0 && _used < _segments[^1].Length && _used < SegmentedBuffer.SegmentSize / 2)
        {
            // Trim a last segment less than half used, so a 1 KiB object does not hold 1 MiB. One at least half used
            // is kept whole (it holds at most twice its bytes) and goes back to the pool with the object.
            byte[] partial = _segments[^1];
            _segments[^1] = partial.AsSpan(0, _used).ToArray();
            _pool.Return(partial);
        }

        return _length == 0 ? SegmentedBuffer.Empty : new SegmentedBuffer([.. _segments], _length, _pool);
    }

    /// <summary>The 16-byte MD5 of what was written, or 16 random bytes when MD5 is off.</summary>
    public byte[] GetDigest()
    {
        if (_md5 is not null)
        {
            return _md5.GetHashAndReset();
        }

        byte[] random = new byte[16];
        RandomNumberGenerator.Fill(random);
        return random;
    }

    /// <summary>Releases the hash; segments of a body that was never built (the client went away) go back to the pool.</summary>
    public void Dispose()
    {
        _md5?.Dispose();
        if (!_built)
        {
            foreach (byte[] segment in _segments)
            {
                _pool.Return(segment);
            }

            _segments.Clear();
        }
    }

    private void AddSegment()
    {
        if (_segments.Count > 0 && _segments[^1].Length < SegmentedBuffer.SegmentSize)
        {
            // The announced length was short: grow the last segment to full size to keep the invariant.
            byte[] full = _pool.Rent();
            _segments[^1].CopyTo(full, 0);
            _segments[^1] = full;
            return;
        }

        long remaining = _expectedLength is long expected ? expected - _length : SegmentedBuffer.SegmentSize;
        // A pooled segment also for a last one at least half used (see Build): a fresh array of that size is a large
        // object, page faults on first touch and a later GC, for every part whose size is not a multiple of 1 MiB.
        _segments.Add(remaining >= SegmentedBuffer.SegmentSize / 2
            ? _pool.Rent()
            : GC.AllocateUninitializedArray<byte>((int)Math.Max(remaining, 4096)));
        _used = 0;
    }
}
