namespace S3TransferManager;

/// <summary>One file of a directory upload failed; no multipart upload was left open for it.</summary>
public sealed class ObjectUploadFailedEventArgs
    : ObjectTransferFailedEventArgs<TransferUtilityUploadDirectoryRequest, TransferUtilityUploadRequest>
{
    internal ObjectUploadFailedEventArgs(TransferUtilityUploadDirectoryRequest directoryRequest,
        TransferUtilityUploadRequest objectRequest, Exception exception)
        : base(directoryRequest, objectRequest, exception)
    {
    }
}
