namespace S3TransferManager;

/// <summary>Progress of a directory upload, raised as its files move bytes and as each one completes.</summary>
/// <remarks>Each file's bytes as its <see cref="TransferUtilityUploadRequest.UploadProgressEvent"/> reports them; no current file under
/// <see cref="TransferUtilityUploadDirectoryRequest.UploadFilesConcurrently"/>.</remarks>
public sealed class UploadDirectoryProgressArgs : DirectoryTransferProgressArgs
{
    /// <summary>Creates progress that names the current file only; <see cref="DirectoryTransferProgressArgs.TransferredBytes"/> and
    /// <see cref="DirectoryTransferProgressArgs.TotalBytes"/> are 0.</summary>
    /// <param name="numberOfFilesUploaded">Files completed so far.</param>
    /// <param name="totalNumberOfFiles">Files found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public UploadDirectoryProgressArgs(int numberOfFilesUploaded, int totalNumberOfFiles, string? currentFile,
        long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
        : this(numberOfFilesUploaded, totalNumberOfFiles, 0, 0, currentFile, transferredBytesForCurrentFile,
            totalNumberOfBytesForCurrentFile)
    {
    }

    /// <summary>Creates progress of a directory upload.</summary>
    /// <param name="numberOfFilesUploaded">Files completed so far.</param>
    /// <param name="totalNumberOfFiles">Files found so far.</param>
    /// <param name="transferredBytes">Bytes moved so far, across all files.</param>
    /// <param name="totalBytes">Bytes of the files found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public UploadDirectoryProgressArgs(int numberOfFilesUploaded, int totalNumberOfFiles, long transferredBytes, long totalBytes,
        string? currentFile, long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
        : base(totalNumberOfFiles, transferredBytes, totalBytes, currentFile, transferredBytesForCurrentFile, totalNumberOfBytesForCurrentFile)
    {
        NumberOfFilesUploaded = numberOfFilesUploaded;
    }

    /// <summary>Files completed so far.</summary>
    public int NumberOfFilesUploaded { get; }

    /// <summary>The counts as one line, as the AWS SDK's arguments print them.</summary>
    /// <returns>For example "Total Files: 10, Uploaded Files 3, Total Bytes: 1000, Transferred Bytes: 300".</returns>
    public override string ToString() => Describe("Uploaded", NumberOfFilesUploaded);
}
