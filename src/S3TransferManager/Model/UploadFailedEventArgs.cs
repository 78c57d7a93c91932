namespace S3TransferManager;

/// <summary>An upload failed or was cancelled; a multipart upload it had started was aborted.</summary>
public sealed class UploadFailedEventArgs : EventArgs
{
    internal UploadFailedEventArgs(TransferUtilityUploadRequest request, Exception exception, long transferredBytes)
    {
        Request = request;
        Exception = exception;
        TransferredBytes = transferredBytes;
    }

    /// <summary>The request that failed.</summary>
    public TransferUtilityUploadRequest Request { get; }

    /// <summary>The error the caller receives (an <see cref="OperationCanceledException"/> when cancelled).</summary>
    public Exception Exception { get; }

    /// <summary>Bytes of parts that had been uploaded before the failure (all of them discarded by the abort).</summary>
    public long TransferredBytes { get; }
}
