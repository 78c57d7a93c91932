namespace S3TransferManager.Resume;

/// <summary>An object a directory transfer finished: its key, its local file (relative to the folder, '/'-separated),
/// and what identifies that file and object now (length, the file's last-write time in UTC, the object's ETag).</summary>
internal sealed record FinishedObject(string Key, string Path, long Length, DateTime LastWrite, string? ETag);
