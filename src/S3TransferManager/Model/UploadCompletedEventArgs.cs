namespace S3TransferManager;

/// <summary>An upload finished and the object is stored.</summary>
public sealed class UploadCompletedEventArgs : EventArgs
{
    internal UploadCompletedEventArgs(TransferUtilityUploadRequest request, TransferUtilityUploadResponse response, long transferredBytes,
        long totalBytes)
    {
        Request = request;
        Response = response;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
    }

    /// <summary>The request that was carried out.</summary>
    public TransferUtilityUploadRequest Request { get; }

    /// <summary>What the upload returns to its caller.</summary>
    public TransferUtilityUploadResponse Response { get; }

    /// <summary>The file that was uploaded; <see langword="null"/> for a stream.</summary>
    public string? FilePath => Request.FilePath;

    /// <summary>Bytes uploaded: the object's whole length; 0 for a non-seekable stream, as the AWS SDK reports it (the
    /// length read from the stream is <see cref="StoredObjectResponse.ContentLength"/>).</summary>
    public long TransferredBytes { get; }

    /// <summary>The object's whole length; -1 for a non-seekable stream, as the AWS SDK reports it (the length read from
    /// the stream is <see cref="StoredObjectResponse.ContentLength"/>).</summary>
    public long TotalBytes { get; }
}
