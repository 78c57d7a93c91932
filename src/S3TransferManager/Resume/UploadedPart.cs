namespace S3TransferManager.Resume;

/// <summary>A part S3 stored: its number, ETag, length and checksum (<see cref="JournalChecksum"/> text). A later
/// record for the same part replaces an earlier one.</summary>
internal sealed record UploadedPart(int Part, string ETag, long Length, string Checksum);
