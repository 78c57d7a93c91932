namespace S3TransferManager;

/// <summary>What a directory upload did.</summary>
public sealed class TransferUtilityUploadDirectoryResponse : DirectoryTransferResponse
{
    /// <summary>An empty response (nothing transferred), as the AWS SDK's type allows, for tests and mocks; the
    /// library's own responses come from the directory transfer.</summary>
    public TransferUtilityUploadDirectoryResponse()
        : base(0, new List<Exception>())
    {
    }

    internal TransferUtilityUploadDirectoryResponse(long objectsUploaded, long objectsFailed, IList<Exception> errors)
        : base(objectsFailed, errors)
    {
        ObjectsUploaded = objectsUploaded;
    }

    /// <summary>Files stored as objects.</summary>
    public long ObjectsUploaded { get; set; }

    private protected override long ObjectsDone => ObjectsUploaded;
}
