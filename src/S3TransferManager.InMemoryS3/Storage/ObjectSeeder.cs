using System.Buffers;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// Builds objects directly in the store, without HTTP: as a single PUT would, or, with a part size above zero, as if
/// uploaded in parts of that size (the last may be smaller) with a multipart ETag, as CompleteMultipartUpload would.
/// Seeded ETags are always real MD5s, whatever <see cref="ObjectStore.ComputeMd5ETags"/> says: the AWS SDK checks a
/// single-part ETag against the MD5 of a whole-object GET body, and seeding is setup, not measured work.
/// </summary>
internal static class ObjectSeeder
{
    /// <summary>Stores <paramref name="length"/> bytes produced by <paramref name="fill"/> (given each span and its offset in the object).</summary>
    public static StoredObject Seed(ObjectStore store, string bucketName, string key, long length, long partSize, SpanAction<byte, long> fill, string? contentType)
    {
        int partCount = CountParts(length, partSize);
        var parts = new SegmentedBuffer[partCount];
        var digests = new byte[partCount][];
        long offset = 0;
        for (int i = 0; i < partCount; i++)
        {
            long partLength = PartLength(length, partSize, offset);
            using var builder = new SegmentedBufferBuilder(store.Pool, partLength, computeMd5: true);
            while (builder.Length < partLength)
            {
                Memory<byte> free = builder.GetMemory();
                int count = (int)Math.Min(free.Length, partLength - builder.Length);
                fill(free.Span[..count], offset + builder.Length);
                builder.Advance(count);
            }

            parts[i] = builder.Build();
            digests[i] = builder.GetDigest();
            offset += partLength;
        }

        return Store(store, bucketName, key, partSize > 0, parts, digests, contentType);
    }

    /// <summary>Stores a copy of <paramref name="content"/>.</summary>
    public static StoredObject Seed(ObjectStore store, string bucketName, string key, ReadOnlySpan<byte> content, long partSize, string? contentType)
    {
        int partCount = CountParts(content.Length, partSize);
        var parts = new SegmentedBuffer[partCount];
        var digests = new byte[partCount][];
        int offset = 0;
        for (int i = 0; i < partCount; i++)
        {
            int partLength = (int)PartLength(content.Length, partSize, offset);
            using var builder = new SegmentedBufferBuilder(store.Pool, partLength, computeMd5: true);
            builder.Write(content.Slice(offset, partLength));
            parts[i] = builder.Build();
            digests[i] = builder.GetDigest();
            offset += partLength;
        }

        return Store(store, bucketName, key, partSize > 0, parts, digests, contentType);
    }

    private static int CountParts(long length, long partSize) =>
        partSize > 0 ? (int)Math.Max(1, (length + partSize - 1) / partSize) : 1;

    private static long PartLength(long length, long partSize, long offset) =>
        partSize > 0 ? Math.Min(partSize, length - offset) : length;

    private static StoredObject Store(ObjectStore store, string bucketName, string key, bool multipart, SegmentedBuffer[] parts, byte[][] digests, string? contentType)
    {
        string eTag = multipart ? ETags.FromPartDigests(digests, store.Habits.MultipartETagsHavePartCount) : ETags.FromDigest(digests[0]);
        var storedObject = new StoredObject(key, parts, eTag, multipart, contentType ?? Http.ObjectHeaders.DefaultContentType, [], []);
        store.GetOrCreateBucket(bucketName).Put(storedObject);
        return storedObject;
    }
}
