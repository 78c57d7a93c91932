namespace S3TransferManager;

/// <summary>A download failed or was cancelled; no partial file was left behind.</summary>
public sealed class DownloadFailedEventArgs : EventArgs
{
    internal DownloadFailedEventArgs(TransferUtilityDownloadRequest request, Exception exception, long transferredBytes, long totalBytes)
    {
        TotalBytes = totalBytes;
        Request = request;
        Exception = exception;
        TransferredBytes = transferredBytes;
    }

    /// <summary>The request that failed.</summary>
    public TransferUtilityDownloadRequest Request { get; }

    /// <summary>The error the caller receives (an <see cref="OperationCanceledException"/> when cancelled).</summary>
    public Exception Exception { get; }

    /// <summary>Bytes received before the failure (all of them discarded).</summary>
    public long TransferredBytes { get; }

    /// <summary>The object's size, or -1 when the failure came before the first response told it (a missing object,
    /// a refused request), as on the AWS SDK's event.</summary>
    public long TotalBytes { get; }

    /// <summary>The destination file, which was not written.</summary>
    public string? FilePath => Request.FilePath;
}
