namespace S3TransferManager;

/// <summary>A directory download failed as a whole: raised once, just before its error is thrown (the first object's
/// error under <see cref="FailurePolicy.AbortOnFailure"/>, the listing's error, or an
/// <see cref="OperationCanceledException"/> when cancelled). Each object's own failure is reported by
/// <see cref="TransferUtilityDownloadDirectoryRequest.ObjectDownloadFailedEvent"/>.</summary>
public sealed class DownloadDirectoryFailedEventArgs : EventArgs
{
    internal DownloadDirectoryFailedEventArgs(TransferUtilityDownloadDirectoryRequest request, Exception exception,
        long transferredBytes, long totalBytes, long transferredFiles, long totalFiles)
    {
        Request = request;
        Exception = exception;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        TransferredFiles = transferredFiles;
        TotalFiles = totalFiles;
    }

    /// <summary>The directory download that failed.</summary>
    public TransferUtilityDownloadDirectoryRequest Request { get; }

    /// <summary>The error the caller receives. Not on the AWS SDK's arguments, which carry no error.</summary>
    public Exception Exception { get; }

    /// <summary>Bytes of the objects downloaded before the failure; their files stay.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the objects listed, or -1 when the failure stopped the listing before its end.</summary>
    public long TotalBytes { get; }

    /// <summary>Objects downloaded before the failure.</summary>
    public long TransferredFiles { get; }

    /// <summary>Objects listed, or -1 when the failure stopped the listing before its end.</summary>
    public long TotalFiles { get; }
}
