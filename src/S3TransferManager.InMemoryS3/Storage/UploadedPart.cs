namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>One part of a multipart upload in progress; <see cref="Digest"/> is the binary MD5 behind the ETag, and
/// <see cref="Checksums"/> the checksum headers the client sent with it (the parts of a composite checksum).</summary>
internal sealed record UploadedPart(
    int PartNumber,
    SegmentedBuffer Data,
    byte[] Digest,
    string ETag,
    DateTimeOffset LastModified,
    IReadOnlyList<KeyValuePair<string, string>> Checksums);
