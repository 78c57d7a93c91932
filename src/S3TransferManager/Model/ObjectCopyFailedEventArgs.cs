namespace S3TransferManager;

/// <summary>One object of a directory copy failed; nothing was stored for it.</summary>
public sealed class ObjectCopyFailedEventArgs : ObjectTransferFailedEventArgs<TransferUtilityCopyDirectoryRequest, TransferUtilityCopyRequest>
{
    internal ObjectCopyFailedEventArgs(TransferUtilityCopyDirectoryRequest directoryRequest, TransferUtilityCopyRequest objectRequest, Exception exception)
        : base(directoryRequest, objectRequest, exception)
    {
    }
}
