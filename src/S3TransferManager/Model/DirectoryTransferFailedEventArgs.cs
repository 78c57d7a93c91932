namespace S3TransferManager;

/// <summary>What the failed events of a directory download and of a directory upload share: the request, the error the
/// caller receives, and the counts reached before the failure.</summary>
/// <typeparam name="TRequest">The directory request that failed.</typeparam>
public abstract class DirectoryTransferFailedEventArgs<TRequest> : EventArgs
    where TRequest : class
{
    private protected DirectoryTransferFailedEventArgs(TRequest request, Exception exception, long transferredBytes, long totalBytes,
        long transferredFiles, long totalFiles)
    {
        Request = request;
        Exception = exception;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        TransferredFiles = transferredFiles;
        TotalFiles = totalFiles;
    }

    /// <summary>The directory transfer that failed.</summary>
    public TRequest Request { get; }

    /// <summary>The error the caller receives. Not on the AWS SDK's arguments, which carry no error.</summary>
    public Exception Exception { get; }

    /// <summary>Bytes of the objects transferred before the failure; they stay.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the objects found, or -1 when the failure stopped the listing (or the folder's enumeration)
    /// before its end.</summary>
    public long TotalBytes { get; }

    /// <summary>Objects transferred before the failure.</summary>
    public long TransferredFiles { get; }

    /// <summary>Objects found, or -1 when the failure stopped the listing (or the folder's enumeration) before its
    /// end.</summary>
    public long TotalFiles { get; }
}
