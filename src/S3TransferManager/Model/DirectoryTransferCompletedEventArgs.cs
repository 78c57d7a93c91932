namespace S3TransferManager;

/// <summary>What the completed events of a directory download and of a directory upload share: the request, the
/// response, and the final counts.</summary>
/// <typeparam name="TRequest">The directory request that finished.</typeparam>
/// <typeparam name="TResponse">What the caller receives.</typeparam>
public abstract class DirectoryTransferCompletedEventArgs<TRequest, TResponse> : EventArgs
    where TRequest : class
    where TResponse : DirectoryTransferResponse
{
    private protected DirectoryTransferCompletedEventArgs(TRequest request, TResponse response, long transferredBytes, long totalBytes,
        long transferredFiles, long totalFiles)
    {
        Request = request;
        Response = response;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        TransferredFiles = transferredFiles;
        TotalFiles = totalFiles;
    }

    /// <summary>The directory transfer that finished.</summary>
    public TRequest Request { get; }

    /// <summary>What the caller receives: objects transferred, objects failed and their errors.</summary>
    public TResponse Response { get; }

    /// <summary>Bytes of the objects transferred.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of every object found, those that failed included.</summary>
    public long TotalBytes { get; }

    /// <summary>Objects transferred.</summary>
    public long TransferredFiles { get; }

    /// <summary>Objects found, those that failed included.</summary>
    public long TotalFiles { get; }
}
