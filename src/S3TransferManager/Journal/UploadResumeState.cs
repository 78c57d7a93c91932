using S3TransferManager.Upload;

namespace S3TransferManager.Journal;

/// <summary>What an earlier run of an upload left that this run can use: the upload to continue (null: none, start a
/// new one), its part size, the parts it stored that were checked, and what could not be used, with why.</summary>
internal sealed record UploadResumeState(string? UploadId, long PartSize, IReadOnlyList<StoredPart> Parts, IReadOnlyList<string> Restarts);
