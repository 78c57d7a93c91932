namespace S3TransferManager;

/// <summary>An upload failed or was cancelled; a multipart upload it had started was aborted.</summary>
public sealed class UploadFailedEventArgs : EventArgs
{
    internal UploadFailedEventArgs(TransferUtilityUploadRequest request, Exception exception, long transferredBytes, long totalBytes,
        long sentBytes)
    {
        TotalBytes = totalBytes;
        Request = request;
        Exception = exception;
        TransferredBytes = transferredBytes;
        SentBytes = sentBytes;
    }

    /// <summary>The request that failed.</summary>
    public TransferUtilityUploadRequest Request { get; }

    /// <summary>The error the caller receives (an <see cref="OperationCanceledException"/> when cancelled).</summary>
    public Exception Exception { get; }

    /// <summary>Bytes of parts that had been uploaded before the failure (all of them discarded by the abort); 0 for a
    /// non-seekable stream, as the AWS SDK reports it (see <see cref="SentBytes"/>).</summary>
    public long TransferredBytes { get; }

    /// <summary>The upload's length; -1 for a non-seekable stream, as the AWS SDK reports it.</summary>
    public long TotalBytes { get; }

    /// <summary>Bytes that had been sent before the failure, whatever the source, also for a non-seekable stream: what
    /// the progress events had reported.</summary>
    public long SentBytes { get; }

    /// <summary>The file being uploaded; <see langword="null"/> for a stream.</summary>
    public string? FilePath => Request.FilePath;
}
