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

    /// <summary>The destination file, now in place.</summary>
    public string? FilePath => Request.FilePath;

    /// <summary>Bytes written: the object's whole length.</summary>
    public long TransferredBytes => Response.ContentLength;

    /// <summary>The object's whole length.</summary>
    public long TotalBytes => Response.ContentLength;
}
