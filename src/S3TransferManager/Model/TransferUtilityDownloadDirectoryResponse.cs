namespace S3TransferManager;

/// <summary>What a directory download did.</summary>
public sealed class TransferUtilityDownloadDirectoryResponse
{
    private DirectoryResult? _result;

    /// <summary>An empty response (nothing transferred), as the AWS SDK's type allows, for tests and mocks; the
    /// library's own responses come from the directory transfer.</summary>
    public TransferUtilityDownloadDirectoryResponse()
    {
        Errors = new List<Exception>();
    }

    internal TransferUtilityDownloadDirectoryResponse(long objectsDownloaded, long objectsFailed, IList<Exception> errors)
    {
        ObjectsDownloaded = objectsDownloaded;
        ObjectsFailed = objectsFailed;
        Errors = errors;
    }

    /// <summary>Objects written to files (folder markers included).</summary>
    public long ObjectsDownloaded { get; set; }

    /// <summary>Objects that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; set; }

    /// <summary>Bytes of the objects earlier, interrupted runs of this request had already downloaded (whole objects the
    /// journal found finished and unchanged, and parts of big ones), which this call did not move again (see
    /// <see cref="TransferUtilityConfig.ResumeTransfers"/>); 0 when nothing was resumed.</summary>
    public long ResumedBytes { get; set; }

    /// <summary>Bytes of the objects this call moved, not counting <see cref="ResumedBytes"/>.</summary>
    public long TransferredBytes { get; set; }

    /// <summary>One error per failed object, in the order they failed.</summary>
    public IList<Exception> Errors { get; set; }

    /// <summary>Whether every object was downloaded: from the counts, unless set.</summary>
    public DirectoryResult Result
    {
        get => _result
            ?? (ObjectsFailed == 0 ? DirectoryResult.Success : ObjectsDownloaded == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess);
        set => _result = value;
    }
}
