namespace S3TransferManager;

/// <summary>A directory upload finished: raised once, after every file was done, also under
/// <see cref="FailurePolicy.ContinueOnFailure"/> when some files failed (the response lists them).</summary>
public sealed class UploadDirectoryCompletedEventArgs : EventArgs
{
    internal UploadDirectoryCompletedEventArgs(TransferUtilityUploadDirectoryRequest request,
        TransferUtilityUploadDirectoryResponse response, long transferredFiles, long totalFiles, long transferredBytes,
        long totalBytes)
    {
        Request = request;
        Response = response;
        TransferredFiles = transferredFiles;
        TotalFiles = totalFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
    }

    /// <summary>The directory upload that finished.</summary>
    public TransferUtilityUploadDirectoryRequest Request { get; }

    /// <summary>What the caller receives: files uploaded, files failed and their errors.</summary>
    public TransferUtilityUploadDirectoryResponse Response { get; }

    /// <summary>Files stored as objects.</summary>
    public long TransferredFiles { get; }

    /// <summary>Files found, those that failed included.</summary>
    public long TotalFiles { get; }

    /// <summary>Bytes of the files stored as objects.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of every file found, those that failed included.</summary>
    public long TotalBytes { get; }
}
