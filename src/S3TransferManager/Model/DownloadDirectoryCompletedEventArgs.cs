namespace S3TransferManager;

/// <summary>A directory download finished: raised once, after every object was done, also under
/// <see cref="FailurePolicy.ContinueOnFailure"/> when some objects failed (the response lists them).</summary>
public sealed class DownloadDirectoryCompletedEventArgs : EventArgs
{
    internal DownloadDirectoryCompletedEventArgs(TransferUtilityDownloadDirectoryRequest request,
        TransferUtilityDownloadDirectoryResponse response, long transferredBytes, long totalBytes, long transferredFiles,
        long totalFiles)
    {
        Request = request;
        Response = response;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        TransferredFiles = transferredFiles;
        TotalFiles = totalFiles;
    }

    /// <summary>The directory download that finished.</summary>
    public TransferUtilityDownloadDirectoryRequest Request { get; }

    /// <summary>What the caller receives: objects downloaded, objects failed and their errors.</summary>
    public TransferUtilityDownloadDirectoryResponse Response { get; }

    /// <summary>Bytes of the objects downloaded.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of every object listed, those that failed included.</summary>
    public long TotalBytes { get; }

    /// <summary>Objects downloaded (folder markers included).</summary>
    public long TransferredFiles { get; }

    /// <summary>Objects listed, those that failed included.</summary>
    public long TotalFiles { get; }
}
