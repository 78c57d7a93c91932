namespace S3TransferManager;

/// <summary>A directory upload failed as a whole: raised once, just before its error is thrown (the first file's error
/// under <see cref="FailurePolicy.AbortOnFailure"/>, an <see cref="OperationCanceledException"/> when cancelled).
/// Each file's own failure is reported by <see cref="TransferUtilityUploadDirectoryRequest.ObjectUploadFailedEvent"/>;
/// the objects stored before the failure stay in the bucket.</summary>
public sealed class UploadDirectoryFailedEventArgs : DirectoryTransferFailedEventArgs<TransferUtilityUploadDirectoryRequest>
{
    internal UploadDirectoryFailedEventArgs(TransferUtilityUploadDirectoryRequest request, Exception exception,
        long transferredFiles, long totalFiles, long transferredBytes, long totalBytes)
        : base(request, exception, transferredBytes, totalBytes, transferredFiles, totalFiles)
    {
    }
}
