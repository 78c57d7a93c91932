namespace S3TransferManager;

/// <summary>What a directory upload did.</summary>
public sealed class TransferUtilityUploadDirectoryResponse
{
    internal TransferUtilityUploadDirectoryResponse(long objectsUploaded, long objectsFailed, IList<Exception> errors)
    {
        ObjectsUploaded = objectsUploaded;
        ObjectsFailed = objectsFailed;
        Errors = errors;
    }

    /// <summary>Files stored as objects.</summary>
    public long ObjectsUploaded { get; }

    /// <summary>Files that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; }

    /// <summary>One error per failed file, in the order they failed.</summary>
    public IList<Exception> Errors { get; }

    /// <summary>Whether every file was uploaded.</summary>
    public DirectoryResult Result => ObjectsFailed == 0 ? DirectoryResult.Success
        : ObjectsUploaded == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess;
}
