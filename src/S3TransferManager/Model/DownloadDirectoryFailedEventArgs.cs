namespace S3TransferManager;

/// <summary>A directory download failed as a whole: raised once, just before its error is thrown (the first object's
/// error under <see cref="FailurePolicy.AbortOnFailure"/>, the listing's error, or an
/// <see cref="OperationCanceledException"/> when cancelled). Each object's own failure is reported by
/// <see cref="TransferUtilityDownloadDirectoryRequest.ObjectDownloadFailedEvent"/>; the files downloaded before the
/// failure stay.</summary>
public sealed class DownloadDirectoryFailedEventArgs : DirectoryTransferFailedEventArgs<TransferUtilityDownloadDirectoryRequest>
{
    internal DownloadDirectoryFailedEventArgs(TransferUtilityDownloadDirectoryRequest request, Exception exception,
        long transferredBytes, long totalBytes, long transferredFiles, long totalFiles)
        : base(request, exception, transferredBytes, totalBytes, transferredFiles, totalFiles)
    {
    }
}
