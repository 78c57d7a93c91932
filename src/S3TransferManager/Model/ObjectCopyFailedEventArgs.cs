namespace S3TransferManager;

/// <summary>One object of a directory copy failed; nothing was stored for it.</summary>
public sealed class ObjectCopyFailedEventArgs : EventArgs
{
    internal ObjectCopyFailedEventArgs(TransferUtilityCopyDirectoryRequest directoryRequest, TransferUtilityCopyRequest objectRequest, Exception exception)
    {
        DirectoryRequest = directoryRequest;
        ObjectRequest = objectRequest;
        Exception = exception;
    }

    /// <summary>The directory copy the object belongs to.</summary>
    public TransferUtilityCopyDirectoryRequest DirectoryRequest { get; }

    /// <summary>The object's copy request (source and destination).</summary>
    public TransferUtilityCopyRequest ObjectRequest { get; }

    /// <summary>Why it failed.</summary>
    public Exception Exception { get; }
}
