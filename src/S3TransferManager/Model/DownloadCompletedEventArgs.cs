namespace S3TransferManager;

/// <summary>A download finished and its file is in place.</summary>
public sealed class DownloadCompletedEventArgs : EventArgs
{
    internal DownloadCompletedEventArgs(TransferUtilityDownloadRequest request, TransferUtilityDownloadResponse response)
    {
        Request = request;
        Response = response;
    }

    /// <summary>The request that was carried out.</summary>
    public TransferUtilityDownloadRequest Request { get; }

    /// <summary>What the download returns to its caller.</summary>
    public TransferUtilityDownloadResponse Response { get; }
}
