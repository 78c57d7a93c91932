namespace S3TransferManager;

/// <summary>What the events for one failed object of a directory download, upload or copy share: the directory
/// request, the object's own request, and its error.</summary>
/// <typeparam name="TDirectoryRequest">The directory request the object belongs to.</typeparam>
/// <typeparam name="TObjectRequest">The object's own request.</typeparam>
public abstract class ObjectTransferFailedEventArgs<TDirectoryRequest, TObjectRequest> : EventArgs
    where TDirectoryRequest : class
    where TObjectRequest : class
{
    private protected ObjectTransferFailedEventArgs(TDirectoryRequest directoryRequest, TObjectRequest objectRequest, Exception exception)
    {
        DirectoryRequest = directoryRequest;
        ObjectRequest = objectRequest;
        Exception = exception;
    }

    /// <summary>The directory transfer the object belongs to.</summary>
    public TDirectoryRequest DirectoryRequest { get; }

    /// <summary>The object's request (bucket, key, and for a download or an upload, its file).</summary>
    public TObjectRequest ObjectRequest { get; }

    /// <summary>Why it failed (for a download, an <see cref="UnsafeKeyException"/> for a key that would land outside the
    /// folder).</summary>
    public Exception Exception { get; }
}
