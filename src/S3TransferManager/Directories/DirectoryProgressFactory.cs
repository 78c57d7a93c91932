namespace S3TransferManager.Directories;

/// <summary>The arguments of one directory progress event: files done, files found, bytes moved, bytes found, and the
/// file that raised it with its bytes moved and its length.</summary>
internal delegate TArgs DirectoryProgressFactory<out TArgs>(int doneFiles, int foundFiles, long movedBytes, long foundBytes,
    string? file, long fileMoved, long fileLength);
