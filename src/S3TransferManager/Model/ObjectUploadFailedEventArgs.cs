namespace S3TransferManager;

/// <summary>One file of a directory upload failed; no multipart upload was left open for it.</summary>
public sealed class ObjectUploadFailedEventArgs : EventArgs
{
    internal ObjectUploadFailedEventArgs(TransferUtilityUploadDirectoryRequest directoryRequest,
        TransferUtilityUploadRequest objectRequest, Exception exception)
    {
        DirectoryRequest = directoryRequest;
        ObjectRequest = objectRequest;
        Exception = exception;
    }

    /// <summary>The directory upload the file belongs to.</summary>
    public TransferUtilityUploadDirectoryRequest DirectoryRequest { get; }

    /// <summary>The file's request (bucket, key and path).</summary>
    public TransferUtilityUploadRequest ObjectRequest { get; }

    /// <summary>Why it failed.</summary>
    public Exception Exception { get; }
}
