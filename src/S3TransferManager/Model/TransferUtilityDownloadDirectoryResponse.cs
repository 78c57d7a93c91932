namespace S3TransferManager;

/// <summary>What a directory download did.</summary>
public sealed class TransferUtilityDownloadDirectoryResponse
{
    internal TransferUtilityDownloadDirectoryResponse(long objectsDownloaded, long objectsFailed, IList<Exception> errors)
    {
        ObjectsDownloaded = objectsDownloaded;
        ObjectsFailed = objectsFailed;
        Errors = errors;
    }

    /// <summary>Objects written to files (folder markers included).</summary>
    public long ObjectsDownloaded { get; }

    /// <summary>Objects that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; }

    /// <summary>One error per failed object, in the order they failed.</summary>
    public IList<Exception> Errors { get; }

    /// <summary>Whether every object was downloaded.</summary>
    public DirectoryResult Result => ObjectsFailed == 0 ? DirectoryResult.Success
        : ObjectsDownloaded == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess;
}
