using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using S3TransferManager.InMemoryS3.Compatibility;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>All buckets of one endpoint, and the storage settings handlers need.</summary>
internal sealed class ObjectStore(
    bool computeMd5ETags,
    long minimumPartSize,
    InMemoryS3ChecksumStyle checksumStyle = InMemoryS3ChecksumStyle.S3,
    ServerHabits? habits = null)
{
    private readonly ConcurrentDictionary<string, S3Bucket> _buckets = new(StringComparer.Ordinal);

    public bool ComputeMd5ETags { get; } = computeMd5ETags;

    public long MinimumPartSize { get; } = minimumPartSize;

    /// <summary>How stored checksums are described (see <see cref="InMemoryS3ChecksumStyle"/>).</summary>
    public InMemoryS3ChecksumStyle ChecksumStyle { get; } = checksumStyle;

    /// <summary>Where the endpoint answers as another server does (see <see cref="ServerHabits"/>).</summary>
    public ServerHabits Habits { get; } = habits ?? ServerHabits.S3;

    /// <summary>Whether aws-chunked bodies are decoded (as S3 does) rather than stored as sent.</summary>
    public bool DecodesAwsChunked => Habits.AwsChunkedBodies == InMemoryS3AwsChunkedBodies.Decode;

    public SegmentPool Pool { get; } = new();

    public ICollection<S3Bucket> Buckets => _buckets.Values;

    /// <summary>Creates the bucket; <see langword="false"/> when it already existed.</summary>
    public bool TryCreateBucket(string name) => _buckets.TryAdd(name, new S3Bucket(name));

    public S3Bucket GetOrCreateBucket(string name) => _buckets.GetOrAdd(name, static n => new S3Bucket(n));

    public bool TryGetBucket(string name, [NotNullWhen(true)] out S3Bucket? bucket) => _buckets.TryGetValue(name, out bucket);

    public bool TryDeleteBucket(string name) => _buckets.TryRemove(name, out _);
}
