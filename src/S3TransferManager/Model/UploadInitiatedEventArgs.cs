namespace S3TransferManager;

/// <summary>An upload is about to send its first request.</summary>
public sealed class UploadInitiatedEventArgs : EventArgs
{
    internal UploadInitiatedEventArgs(TransferUtilityUploadRequest request, long totalBytes)
    {
        Request = request;
        TotalBytes = totalBytes;
    }

    /// <summary>The request being carried out.</summary>
    public TransferUtilityUploadRequest Request { get; }

    /// <summary>The upload's length, or -1 for a non-seekable stream whose length is not known yet.</summary>
    public long TotalBytes { get; }

    /// <summary>The file being uploaded; <see langword="null"/> for a stream.</summary>
    public string? FilePath => Request.FilePath;
}
