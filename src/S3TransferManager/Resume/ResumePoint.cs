using S3TransferManager.Parts;

namespace S3TransferManager.Resume;

/// <summary>Where an interrupted download to a file stopped: the ETag its parts were fetched with, its layout, and the
/// part to fetch first (the first one not yet written; every part's GET carries If-Match on the ETag).</summary>
internal sealed record ResumePoint(string ETag, PartLayout Layout, int FirstPart);
