
namespace S3TransferManager.Resume;

/// <summary>What an earlier run of an upload left that this run can use: the upload to continue (null: none, start a
/// new one), its part size, the parts it stored that were checked, and what could not be used, with why. When that
/// upload was already completed into the object at the key (<see cref="CompletedUploadCheck"/>), what S3 says of the
/// object, as CompleteMultipartUpload would have answered it.</summary>
internal sealed record UploadResumeState(string? UploadId, long PartSize, IReadOnlyList<StoredPart> Parts, IReadOnlyList<string> Restarts,
    Amazon.S3.Model.CompleteMultipartUploadResponse? Completed = null);
