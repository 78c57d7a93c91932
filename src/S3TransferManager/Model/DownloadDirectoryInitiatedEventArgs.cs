namespace S3TransferManager;

/// <summary>A directory download is about to start: raised once, before the listing's first request.</summary>
public sealed class DownloadDirectoryInitiatedEventArgs : EventArgs
{
    internal DownloadDirectoryInitiatedEventArgs(TransferUtilityDownloadDirectoryRequest request) => Request = request;

    /// <summary>The directory download being carried out.</summary>
    public TransferUtilityDownloadDirectoryRequest Request { get; }
}
