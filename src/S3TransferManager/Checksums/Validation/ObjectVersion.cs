using S3TransferManager.Multipart;

namespace S3TransferManager.Checksums.Validation;

/// <summary>The one version of an object whose stored checksum is looked up (pinned to its ETag when known), with the
/// caller's options every request about it carries (SSE-C, requester pays, bucket owner).</summary>
internal sealed record ObjectVersion(string Bucket, string Key, string? VersionId, string? ETag, IRequestOptions Options);
