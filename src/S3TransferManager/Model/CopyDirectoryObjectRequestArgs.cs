namespace S3TransferManager;

/// <summary>One object of a directory copy, about to be copied: its request can still be changed.</summary>
public sealed class CopyDirectoryObjectRequestArgs : EventArgs
{
    internal CopyDirectoryObjectRequestArgs(TransferUtilityCopyRequest request) => CopyRequest = request;

    /// <summary>The object's request, with the directory request's options and the key it maps to. Changes made to it
    /// here are what is sent.</summary>
    public TransferUtilityCopyRequest CopyRequest { get; }
}
