using System.Collections.Concurrent;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>A multipart upload between Create and Complete/Abort; parts may arrive in any order and be replaced.</summary>
internal sealed class MultipartUpload(
    string uploadId,
    string key,
    string contentType,
    IReadOnlyList<KeyValuePair<string, string>> metadata)
{
    public string UploadId { get; } = uploadId;

    public string Key { get; } = key;

    public string ContentType { get; } = contentType;

    public IReadOnlyList<KeyValuePair<string, string>> Metadata { get; } = metadata;

    public DateTimeOffset Initiated { get; } = DateTimeOffset.UtcNow;

    public ConcurrentDictionary<int, UploadedPart> Parts { get; } = new();
}
