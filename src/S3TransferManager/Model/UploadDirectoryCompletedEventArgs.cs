namespace S3TransferManager;

/// <summary>A directory upload finished: raised once, after every file was done, also under
/// <see cref="FailurePolicy.ContinueOnFailure"/> when some files failed (the response lists them).</summary>
public sealed class UploadDirectoryCompletedEventArgs
    : DirectoryTransferCompletedEventArgs<TransferUtilityUploadDirectoryRequest, TransferUtilityUploadDirectoryResponse>
{
    internal UploadDirectoryCompletedEventArgs(TransferUtilityUploadDirectoryRequest request,
        TransferUtilityUploadDirectoryResponse response, long transferredFiles, long totalFiles, long transferredBytes,
        long totalBytes)
        : base(request, response, transferredBytes, totalBytes, transferredFiles, totalFiles)
    {
    }
}
