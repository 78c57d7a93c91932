namespace S3TransferManager;

/// <summary>One object of a directory download, about to be downloaded: its request can still be changed.</summary>
public sealed class DownloadDirectoryFileRequestArgs : EventArgs
{
    /// <summary>Wraps the request of the object about to be downloaded.</summary>
    /// <param name="request">The object's request.</param>
    public DownloadDirectoryFileRequestArgs(TransferUtilityDownloadRequest request) => DownloadRequest = request;

    /// <summary>The object's request, with the directory request's options and the file it maps to. Changes made to it
    /// here are what is sent; a <see cref="TransferUtilityDownloadRequest.FilePath"/> changed here is used as given,
    /// even outside the directory.</summary>
    public TransferUtilityDownloadRequest DownloadRequest { get; }
}
