using System.Globalization;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// An immutable object version: its bytes as one buffer per uploaded part (a single PUT is one part), and its
/// headers, formatted once so GETs do not format them again. Reference-counted so that its segments go back to the
/// pool only when it has left the bucket and the last reader is done: the bucket holds one reference, each reader
/// takes one with <see cref="TryAcquire"/> and gives it back with <see cref="Release"/>.
/// </summary>
internal sealed class StoredObject
{
    private readonly SegmentedBuffer[] _parts;
    private readonly long[] _partOffsets;
    private int _references = 1;

    public StoredObject(
        string key,
        SegmentedBuffer[] parts,
        string eTag,
        bool isMultipart,
        string contentType,
        IReadOnlyList<KeyValuePair<string, string>> metadata,
        IReadOnlyList<KeyValuePair<string, string>> checksums,
        CompositeChecksum? composite = null)
    {
        Key = key;
        _parts = parts;
        _partOffsets = new long[parts.Length];
        long offset = 0;
        for (int i = 0; i < parts.Length; i++)
        {
            _partOffsets[i] = offset;
            offset += parts[i].Length;
        }

        Length = offset;
        ETag = eTag;
        IsMultipart = isMultipart;
        ContentType = contentType;
        Metadata = metadata;
        Checksums = checksums;
        Composite = composite;

        // HTTP dates have whole seconds; truncating keeps If-Modified-Since comparisons exact.
        DateTimeOffset now = DateTimeOffset.UtcNow;
        LastModified = now.AddTicks(-(now.Ticks % TimeSpan.TicksPerSecond));
        LastModifiedHeader = LastModified.ToString("R", CultureInfo.InvariantCulture);
        ContentLengthHeader = Length.ToString(CultureInfo.InvariantCulture);
    }

    public string Key { get; }

    public long Length { get; }

    /// <summary>The quoted ETag, as sent in headers.</summary>
    public string ETag { get; }

    /// <summary>Whether the object was assembled by CompleteMultipartUpload (even from one part).</summary>
    public bool IsMultipart { get; }

    public int PartCount => _parts.Length;

    /// <summary>The length of part <paramref name="index"/> (from 0).</summary>
    public long PartLength(int index) => _parts[index].Length;

    public string ContentType { get; }

    /// <summary>User metadata, header names in lower case including the <c>x-amz-meta-</c> prefix.</summary>
    public IReadOnlyList<KeyValuePair<string, string>> Metadata { get; }

    /// <summary>Checksum headers the client sent (<c>x-amz-checksum-crc32</c> and so on), returned on full reads.</summary>
    public IReadOnlyList<KeyValuePair<string, string>> Checksums { get; }

    /// <summary>The composite checksum S3 computed from the parts' checksums at CompleteMultipartUpload, with each
    /// part's own; null for any other object.</summary>
    public CompositeChecksum? Composite { get; }

    public DateTimeOffset LastModified { get; }

    public string LastModifiedHeader { get; }

    public string ContentLengthHeader { get; }

    /// <summary>Takes a reader's reference; <see langword="false"/> when the object was already released (replaced).</summary>
    public bool TryAcquire()
    {
        int references = Volatile.Read(ref _references);
        while (references > 0)
        {
            int seen = Interlocked.CompareExchange(ref _references, references + 1, references);
            if (seen == references)
            {
                return true;
            }

            references = seen;
        }

        return false;
    }

    /// <summary>Drops a reference; the last one returns the segments to the pool.</summary>
    public void Release()
    {
        if (Interlocked.Decrement(ref _references) == 0)
        {
            foreach (SegmentedBuffer part in _parts)
            {
                part.ReturnToPool();
            }
        }
    }

    /// <summary>The byte range of part <paramref name="partNumber"/> (1-based, within <see cref="PartCount"/>).</summary>
    public (long Offset, long Length) GetPartRange(int partNumber) =>
        (_partOffsets[partNumber - 1], _parts[partNumber - 1].Length);

    /// <summary>Stored bytes starting at <paramref name="offset"/>, up to a segment or part boundary.</summary>
    public ReadOnlyMemory<byte> GetChunk(long offset, long maxCount)
    {
        int index = Array.BinarySearch(_partOffsets, offset);
        if (index < 0)
        {
            index = ~index - 1;
        }

        // Empty parts share their offset with the next part: skip to the one that holds the byte.
        while (offset - _partOffsets[index] >= _parts[index].Length)
        {
            index++;
        }

        return _parts[index].GetChunk(offset - _partOffsets[index], maxCount);
    }
}
