namespace S3TransferManager;

/// <summary>Progress of a directory upload, raised as each file completes.</summary>
public sealed class UploadDirectoryProgressArgs : EventArgs
{
    internal UploadDirectoryProgressArgs(int numberOfFilesUploaded, int totalNumberOfFiles, long transferredBytes,
        long totalBytes, string? currentFile)
    {
        NumberOfFilesUploaded = numberOfFilesUploaded;
        TotalNumberOfFiles = totalNumberOfFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentFile = currentFile;
    }

    /// <summary>Files completed so far.</summary>
    public int NumberOfFilesUploaded { get; }

    /// <summary>Files found so far; final once the enumeration has ended. An <see langword="int"/> as in the AWS SDK,
    /// so it stops at <see cref="int.MaxValue"/>.</summary>
    public int TotalNumberOfFiles { get; }

    /// <summary>Bytes of completed files.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the files found so far; final once the enumeration has ended.</summary>
    public long TotalBytes { get; }

    /// <summary>The file just completed.</summary>
    public string? CurrentFile { get; }
}
