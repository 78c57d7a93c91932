namespace S3TransferManager;

/// <summary>Progress of a directory download, raised as each object completes.</summary>
public sealed class DownloadDirectoryProgressArgs : EventArgs
{
    internal DownloadDirectoryProgressArgs(int numberOfFilesDownloaded, int totalNumberOfFiles, long transferredBytes,
        long totalBytes, string? currentFile)
    {
        NumberOfFilesDownloaded = numberOfFilesDownloaded;
        TotalNumberOfFiles = totalNumberOfFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentFile = currentFile;
    }

    /// <summary>Objects completed so far.</summary>
    public int NumberOfFilesDownloaded { get; }

    /// <summary>Objects listed so far; final once the listing has ended. An <see langword="int"/> as in the AWS SDK,
    /// so it stops at <see cref="int.MaxValue"/>.</summary>
    public int TotalNumberOfFiles { get; }

    /// <summary>Bytes of completed objects.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the objects listed so far; final once the listing has ended.</summary>
    public long TotalBytes { get; }

    /// <summary>The file just completed.</summary>
    public string? CurrentFile { get; }
}
