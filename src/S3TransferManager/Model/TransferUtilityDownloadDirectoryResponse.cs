namespace S3TransferManager;

/// <summary>What a directory download did.</summary>
public sealed class TransferUtilityDownloadDirectoryResponse : DirectoryTransferResponse
{
    /// <summary>An empty response (nothing transferred), as the AWS SDK's type allows, for tests and mocks; the
    /// library's own responses come from the directory transfer.</summary>
    public TransferUtilityDownloadDirectoryResponse()
        : base(0, new List<Exception>())
    {
    }

    internal TransferUtilityDownloadDirectoryResponse(long objectsDownloaded, long objectsFailed, IList<Exception> errors)
        : base(objectsFailed, errors)
    {
        ObjectsDownloaded = objectsDownloaded;
    }

    /// <summary>Objects written to files (folder markers included).</summary>
    public long ObjectsDownloaded { get; set; }

    private protected override long ObjectsDone => ObjectsDownloaded;
}
