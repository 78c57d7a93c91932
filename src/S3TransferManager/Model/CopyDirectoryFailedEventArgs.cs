namespace S3TransferManager;

/// <summary>A directory copy failed as a whole: raised once, just before its error is thrown.</summary>
public sealed class CopyDirectoryFailedEventArgs : EventArgs
{
    internal CopyDirectoryFailedEventArgs(TransferUtilityCopyDirectoryRequest request, Exception exception, long objectsCopied)
    {
        Request = request;
        Exception = exception;
        ObjectsCopied = objectsCopied;
    }

    /// <summary>The directory copy that failed.</summary>
    public TransferUtilityCopyDirectoryRequest Request { get; }

    /// <summary>The error the caller receives.</summary>
    public Exception Exception { get; }

    /// <summary>Objects copied before the failure; their copies stay.</summary>
    public long ObjectsCopied { get; }
}
