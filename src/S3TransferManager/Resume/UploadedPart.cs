namespace S3TransferManager.Resume;

/// <summary>A part S3 stored: its number, ETag, length and checksum (<see cref="JournalChecksum"/> text), and whether the
/// server echoed the checksum the part was sent with (null when the upload sends none, and in records of versions that
/// did not record it). A later record for the same part replaces an earlier one.</summary>
internal sealed record UploadedPart(int Part, string ETag, long Length, string Checksum, bool? Echoed = null);
