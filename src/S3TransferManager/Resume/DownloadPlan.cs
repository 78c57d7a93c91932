using S3TransferManager.Checksums.Validation;
using S3TransferManager.Parts;

namespace S3TransferManager.Resume;

/// <summary>What a download to a file tells its journal once its first GET has answered: the ETag its parts are pinned
/// to, how the object is cut into parts, and what hashes a part's bytes for the download's checksum validation (null
/// for a part it does not check), so that the parts an earlier run wrote are validated as they are read back.</summary>
internal sealed record DownloadPlan(string? ETag, PartLayout Layout, Func<int, PartHasher?> ValidationHasher);
