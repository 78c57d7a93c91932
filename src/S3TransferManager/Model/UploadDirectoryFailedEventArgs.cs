namespace S3TransferManager;

/// <summary>A directory upload failed as a whole: raised once, just before its error is thrown (the first file's error
/// under <see cref="FailurePolicy.AbortOnFailure"/>, an <see cref="OperationCanceledException"/> when cancelled).
/// Each file's own failure is reported by <see cref="TransferUtilityUploadDirectoryRequest.ObjectUploadFailedEvent"/>.
/// </summary>
public sealed class UploadDirectoryFailedEventArgs : EventArgs
{
    internal UploadDirectoryFailedEventArgs(TransferUtilityUploadDirectoryRequest request, Exception exception,
        long transferredFiles, long totalFiles, long transferredBytes, long totalBytes)
    {
        Request = request;
        Exception = exception;
        TransferredFiles = transferredFiles;
        TotalFiles = totalFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
    }

    /// <summary>The directory upload that failed.</summary>
    public TransferUtilityUploadDirectoryRequest Request { get; }

    /// <summary>The error the caller receives. Not on the AWS SDK's arguments, which carry no error.</summary>
    public Exception Exception { get; }

    /// <summary>Files stored as objects before the failure; they stay in the bucket.</summary>
    public long TransferredFiles { get; }

    /// <summary>Files found, or -1 when the failure stopped the enumeration before its end.</summary>
    public long TotalFiles { get; }

    /// <summary>Bytes of the files stored as objects before the failure.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the files found, or -1 when the failure stopped the enumeration before its end.</summary>
    public long TotalBytes { get; }
}
