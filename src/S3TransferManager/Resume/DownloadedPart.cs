namespace S3TransferManager.Resume;

/// <summary>A part written to the temporary file: its number, first byte, length and checksum
/// (<see cref="JournalChecksum"/> text). A later record for the same part replaces an earlier one.</summary>
internal sealed record DownloadedPart(int Part, long Start, long Length, string Checksum);
