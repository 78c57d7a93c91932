namespace S3TransferManager;

/// <summary>An upload finished and the object is stored.</summary>
public sealed class UploadCompletedEventArgs : EventArgs
{
    internal UploadCompletedEventArgs(TransferUtilityUploadRequest request, TransferUtilityUploadResponse response)
    {
        Request = request;
        Response = response;
    }

    /// <summary>The request that was carried out.</summary>
    public TransferUtilityUploadRequest Request { get; }

    /// <summary>What the upload returns to its caller.</summary>
    public TransferUtilityUploadResponse Response { get; }

    /// <summary>The file that was uploaded; <see langword="null"/> for a stream.</summary>
    public string? FilePath => Request.FilePath;

    /// <summary>Bytes uploaded: the object's whole length.</summary>
    public long TransferredBytes => Response.ContentLength;

    /// <summary>The object's whole length.</summary>
    public long TotalBytes => Response.ContentLength;
}
