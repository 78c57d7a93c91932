namespace S3TransferManager;

/// <summary>One object of a directory download failed; its file was not written.</summary>
public sealed class ObjectDownloadFailedEventArgs
    : ObjectTransferFailedEventArgs<TransferUtilityDownloadDirectoryRequest, TransferUtilityDownloadRequest>
{
    internal ObjectDownloadFailedEventArgs(TransferUtilityDownloadDirectoryRequest directoryRequest,
        TransferUtilityDownloadRequest objectRequest, Exception exception)
        : base(directoryRequest, objectRequest, exception)
    {
    }
}
