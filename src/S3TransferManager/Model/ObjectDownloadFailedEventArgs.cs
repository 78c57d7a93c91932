namespace S3TransferManager;

/// <summary>One object of a directory download failed; its file was not written.</summary>
public sealed class ObjectDownloadFailedEventArgs : EventArgs
{
    internal ObjectDownloadFailedEventArgs(TransferUtilityDownloadDirectoryRequest directoryRequest,
        TransferUtilityDownloadRequest objectRequest, Exception exception)
    {
        DirectoryRequest = directoryRequest;
        ObjectRequest = objectRequest;
        Exception = exception;
    }

    /// <summary>The directory download the object belongs to.</summary>
    public TransferUtilityDownloadDirectoryRequest DirectoryRequest { get; }

    /// <summary>The object's request (bucket, key, and the file it was meant for).</summary>
    public TransferUtilityDownloadRequest ObjectRequest { get; }

    /// <summary>Why it failed (an <see cref="UnsafeKeyException"/> for a key that would land outside the folder).</summary>
    public Exception Exception { get; }
}
