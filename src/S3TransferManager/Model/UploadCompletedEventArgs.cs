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
}
