namespace S3TransferManager;

/// <summary>A directory upload is about to start: raised once, after the folder's files were counted (see
/// <see cref="TransferUtilityUploadDirectoryRequest.CountFilesFirst"/>) and before any request is sent.</summary>
public sealed class UploadDirectoryInitiatedEventArgs : EventArgs
{
    internal UploadDirectoryInitiatedEventArgs(TransferUtilityUploadDirectoryRequest request, long totalFiles, long totalBytes)
    {
        Request = request;
        TotalFiles = totalFiles;
        TotalBytes = totalBytes;
    }

    /// <summary>The directory upload being carried out.</summary>
    public TransferUtilityUploadDirectoryRequest Request { get; }

    /// <summary>The number of files to upload, as the AWS SDK reports it; -1 when the folder was not counted first (more
    /// than 100,000 files, or <see cref="TransferUtilityUploadDirectoryRequest.CountFilesFirst"/> set to
    /// <see langword="false"/>): then the progress events carry the count found so far, and the completed event the
    /// final one.</summary>
    public long TotalFiles { get; }

    /// <summary>The bytes to upload; -1 when the folder was not counted first (see <see cref="TotalFiles"/>).</summary>
    public long TotalBytes { get; }
}
