namespace S3TransferManager;

/// <summary>Progress of a directory copy, raised as its objects complete and as the parts of large ones do.</summary>
/// <remarks>Events are raised one at a time, from the threads that run the copies: keep handlers short. Bytes of an
/// object that fails are taken back out of <see cref="TransferredBytes"/>.</remarks>
public sealed class CopyDirectoryProgressArgs : EventArgs
{
    internal CopyDirectoryProgressArgs(int numberOfObjectsCopied, int totalNumberOfObjects, long transferredBytes, long totalBytes,
        string? currentKey, long transferredBytesForCurrentObject, long totalNumberOfBytesForCurrentObject)
    {
        NumberOfObjectsCopied = numberOfObjectsCopied;
        TotalNumberOfObjects = totalNumberOfObjects;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentKey = currentKey;
        TransferredBytesForCurrentObject = transferredBytesForCurrentObject;
        TotalNumberOfBytesForCurrentObject = totalNumberOfBytesForCurrentObject;
    }

    /// <summary>Objects copied so far.</summary>
    public int NumberOfObjectsCopied { get; }

    /// <summary>Objects listed so far; final once the listing has ended.</summary>
    public int TotalNumberOfObjects { get; }

    /// <summary>Bytes copied so far across all objects.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the objects listed so far; final once the listing has ended.</summary>
    public long TotalBytes { get; }

    /// <summary>The source key (after <see cref="TransferUtilityCopyDirectoryRequest.SourcePrefix"/>) whose progress
    /// raised this event.</summary>
    public string? CurrentKey { get; }

    /// <summary>Bytes of <see cref="CurrentKey"/> copied so far.</summary>
    public long TransferredBytesForCurrentObject { get; }

    /// <summary>The length of <see cref="CurrentKey"/>.</summary>
    public long TotalNumberOfBytesForCurrentObject { get; }
}
