namespace S3TransferManager;

/// <summary>A directory copy is about to start: raised once, before the listing's first request.</summary>
public sealed class CopyDirectoryInitiatedEventArgs : EventArgs
{
    internal CopyDirectoryInitiatedEventArgs(TransferUtilityCopyDirectoryRequest request) => Request = request;

    /// <summary>The directory copy being carried out.</summary>
    public TransferUtilityCopyDirectoryRequest Request { get; }
}
