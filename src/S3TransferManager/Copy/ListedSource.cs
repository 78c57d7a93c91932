namespace S3TransferManager.Copy;

/// <summary>What a listing said about a copy's source: enough to choose a single or multipart copy and to pin the
/// version (x-amz-copy-source-if-match) without a HEAD.</summary>
/// <param name="Size">The object's size in bytes.</param>
/// <param name="ETag">The object's ETag, quoted as S3 sends it.</param>
internal sealed record ListedSource(long Size, string ETag);
