namespace S3TransferManager;

/// <summary>A directory copy finished: raised once, after every object was done.</summary>
public sealed class CopyDirectoryCompletedEventArgs : EventArgs
{
    internal CopyDirectoryCompletedEventArgs(TransferUtilityCopyDirectoryRequest request, TransferUtilityCopyDirectoryResponse response,
        long transferredBytes)
    {
        Request = request;
        Response = response;
        TransferredBytes = transferredBytes;
    }

    /// <summary>The directory copy that finished.</summary>
    public TransferUtilityCopyDirectoryRequest Request { get; }

    /// <summary>What the caller receives: objects copied, objects failed and their errors.</summary>
    public TransferUtilityCopyDirectoryResponse Response { get; }

    /// <summary>Bytes of the objects copied.</summary>
    public long TransferredBytes { get; }
}
