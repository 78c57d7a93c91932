namespace S3TransferManager;

/// <summary>A download is about to send its first request.</summary>
public sealed class DownloadInitiatedEventArgs : EventArgs
{
    internal DownloadInitiatedEventArgs(TransferUtilityDownloadRequest request) => Request = request;

    /// <summary>The request being carried out.</summary>
    public TransferUtilityDownloadRequest Request { get; }

    /// <summary>The destination file.</summary>
    public string? FilePath => Request.FilePath;
}
