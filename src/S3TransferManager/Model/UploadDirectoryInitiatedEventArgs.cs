namespace S3TransferManager;

/// <summary>A directory upload is about to start: raised once, before the folder is enumerated and before any request
/// is sent.</summary>
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

    /// <summary>The number of files to upload: always -1 (unknown) here. Files are enumerated while they upload, so the
    /// count is not known when the upload starts (the AWS SDK lists the whole folder first). The progress event carries
    /// the count found so far, and the completed event the final one.</summary>
    public long TotalFiles { get; }

    /// <summary>The bytes to upload: always -1 (unknown) here, for the reason given on <see cref="TotalFiles"/>.</summary>
    public long TotalBytes { get; }
}
