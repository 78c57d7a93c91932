namespace S3TransferManager;

/// <summary>Progress of a directory upload, raised as each file completes.</summary>
public sealed class UploadDirectoryProgressArgs : EventArgs
{
    internal UploadDirectoryProgressArgs(long numberOfFilesUploaded, long totalNumberOfFiles, long transferredBytes,
        long totalBytes, string? currentFile)
    {
        NumberOfFilesUploaded = numberOfFilesUploaded;
        TotalNumberOfFiles = totalNumberOfFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentFile = currentFile;
    }

    /// <summary>Files completed so far.</summary>
    public long NumberOfFilesUploaded { get; }

    /// <summary>Files found so far; final once the enumeration has ended.</summary>
    public long TotalNumberOfFiles { get; }

    /// <summary>Bytes of completed files.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the files found so far; final once the enumeration has ended.</summary>
    public long TotalBytes { get; }

    /// <summary>The file just completed.</summary>
    public string? CurrentFile { get; }
}
