using Amazon.S3.Model;

namespace S3TransferManager.Resume;

/// <summary>A part S3 holds from an earlier run of the upload: what CompleteMultipartUpload lists for it, its length,
/// and the checksum it was sent with in the upload's algorithm (null when the upload sends none).</summary>
internal sealed record StoredPart(PartETag ETag, long Length, string? Checksum);
