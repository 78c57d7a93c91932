namespace S3TransferManager;

/// <summary>Progress of a directory download, raised as its objects move bytes and as each one completes.</summary>
/// <remarks>Each file's bytes as its <see cref="TransferUtilityDownloadRequest.WriteObjectProgressEvent"/> reports them; no current file under
/// <see cref="TransferUtilityDownloadDirectoryRequest.DownloadFilesConcurrently"/>.</remarks>
public sealed class DownloadDirectoryProgressArgs : DirectoryTransferProgressArgs
{
    /// <summary>Creates progress that names the current file only; <see cref="DirectoryTransferProgressArgs.TransferredBytes"/> and
    /// <see cref="DirectoryTransferProgressArgs.TotalBytes"/> are 0.</summary>
    /// <param name="numberOfFilesDownloaded">Objects completed so far.</param>
    /// <param name="totalNumberOfFiles">Objects found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public DownloadDirectoryProgressArgs(int numberOfFilesDownloaded, int totalNumberOfFiles, string? currentFile,
        long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
        : this(numberOfFilesDownloaded, totalNumberOfFiles, 0, 0, currentFile, transferredBytesForCurrentFile,
            totalNumberOfBytesForCurrentFile)
    {
    }

    /// <summary>Creates progress of a directory download.</summary>
    /// <param name="numberOfFilesDownloaded">Objects completed so far.</param>
    /// <param name="totalNumberOfFiles">Objects found so far.</param>
    /// <param name="transferredBytes">Bytes moved so far, across all objects.</param>
    /// <param name="totalBytes">Bytes of the objects found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public DownloadDirectoryProgressArgs(int numberOfFilesDownloaded, int totalNumberOfFiles, long transferredBytes, long totalBytes,
        string? currentFile, long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
        : base(totalNumberOfFiles, transferredBytes, totalBytes, currentFile, transferredBytesForCurrentFile, totalNumberOfBytesForCurrentFile)
    {
        NumberOfFilesDownloaded = numberOfFilesDownloaded;
    }

    /// <summary>Objects completed so far.</summary>
    public int NumberOfFilesDownloaded { get; }

    /// <summary>The counts as one line, as the AWS SDK's arguments print them.</summary>
    /// <returns>For example "Total Files: 10, Downloaded Files 3, Total Bytes: 1000, Transferred Bytes: 300".</returns>
    public override string ToString() => Describe("Downloaded", NumberOfFilesDownloaded);
}
