using System.Security.Cryptography;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// Fills a <see cref="SegmentedBuffer"/> in place: callers write into <see cref="GetMemory"/> and
/// <see cref="Advance"/>, so request bodies land straight in storage. Also produces the digest used for the ETag.
/// </summary>
internal sealed class SegmentedBufferBuilder : IDisposable
{
    private readonly List<byte[]> _segments = [];
    private readonly IncrementalHash? _md5;
    private readonly long? _expectedLength;
    private int _used;
    private long _length;

    /// <param name="expectedLength">The announced length, when known, so segments are sized exactly.</param>
    /// <param name="computeMd5">Whether <see cref="GetDigest"/> is the MD5 of the content (else random bytes).</param>
    public SegmentedBufferBuilder(long? expectedLength, bool computeMd5)
    {
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
        if (_segments.Count > 0 && _used < _segments[^1].Length)
        {
            // Trim the last segment so a 1 KiB object does not hold 1 MiB.
            _segments[^1] = _segments[^1].AsSpan(0, _used).ToArray();
        }

        return _length == 0 ? SegmentedBuffer.Empty : new SegmentedBuffer([.. _segments], _length);
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

    public void Dispose() => _md5?.Dispose();

    private void AddSegment()
    {
        if (_segments.Count > 0 && _segments[^1].Length < SegmentedBuffer.SegmentSize)
        {
            // The announced length was short: grow the last segment to full size to keep the invariant.
            byte[] full = GC.AllocateUninitializedArray<byte>(SegmentedBuffer.SegmentSize);
            _segments[^1].CopyTo(full, 0);
            _segments[^1] = full;
            return;
        }

        long remaining = _expectedLength is long expected ? expected - _length : SegmentedBuffer.SegmentSize;
        int size = (int)Math.Clamp(remaining, 4096, SegmentedBuffer.SegmentSize);
        _segments.Add(GC.AllocateUninitializedArray<byte>(size));
        _used = 0;
    }
}
