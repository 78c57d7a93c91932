using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>The one version of one object a download reads, pinned by the ETag of its first response.</summary>
internal sealed record DownloadTarget(
    string BucketName,
    string Key,
    string? VersionId,
    string? ETag,
    long TotalLength,
    string? ContentType,
    DateTime? LastModified,
    MetadataCollection Metadata);
