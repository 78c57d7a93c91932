using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>A decoded request body: the bytes, their digest (for the ETag) and the checksums the client sent.</summary>
internal sealed record RequestBody(
    SegmentedBuffer Data,
    byte[] Digest,
    IReadOnlyList<KeyValuePair<string, string>> Checksums);
