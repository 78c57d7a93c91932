namespace S3TransferManager;

/// <summary>A directory download finished: raised once, after every object was done, also under
/// <see cref="FailurePolicy.ContinueOnFailure"/> when some objects failed (the response lists them). Folder markers
/// count as objects downloaded.</summary>
public sealed class DownloadDirectoryCompletedEventArgs
    : DirectoryTransferCompletedEventArgs<TransferUtilityDownloadDirectoryRequest, TransferUtilityDownloadDirectoryResponse>
{
    internal DownloadDirectoryCompletedEventArgs(TransferUtilityDownloadDirectoryRequest request,
        TransferUtilityDownloadDirectoryResponse response, long transferredBytes, long totalBytes, long transferredFiles,
        long totalFiles)
        : base(request, response, transferredBytes, totalBytes, transferredFiles, totalFiles)
    {
    }
}
