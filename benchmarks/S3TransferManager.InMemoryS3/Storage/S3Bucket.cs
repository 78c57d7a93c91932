using System.Collections.Concurrent;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>A bucket: its objects by key and its multipart uploads in progress by upload id.</summary>
internal sealed class S3Bucket(string name)
{
    public string Name { get; } = name;

    public DateTimeOffset Created { get; } = DateTimeOffset.UtcNow;

    public ConcurrentDictionary<string, StoredObject> Objects { get; } = new(StringComparer.Ordinal);

    public ConcurrentDictionary<string, MultipartUpload> Uploads { get; } = new(StringComparer.Ordinal);
}
