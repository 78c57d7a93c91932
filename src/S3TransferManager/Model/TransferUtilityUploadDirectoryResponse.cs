namespace S3TransferManager;

/// <summary>What a directory upload did.</summary>
public sealed class TransferUtilityUploadDirectoryResponse
{
    private DirectoryResult? _result;

    /// <summary>An empty response (nothing transferred), as the AWS SDK's type allows, for tests and mocks; the
    /// library's own responses come from the directory transfer.</summary>
    public TransferUtilityUploadDirectoryResponse()
    {
        Errors = new List<Exception>();
    }

    internal TransferUtilityUploadDirectoryResponse(long objectsUploaded, long objectsFailed, IList<Exception> errors)
    {
        ObjectsUploaded = objectsUploaded;
        ObjectsFailed = objectsFailed;
        Errors = errors;
    }

    /// <summary>Files stored as objects.</summary>
    public long ObjectsUploaded { get; set; }

    /// <summary>Files that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; set; }

    /// <summary>Bytes of the objects earlier, interrupted runs of this request had already uploaded (whole objects the
    /// journal found finished and unchanged, and parts of big ones), which this call did not move again (see
    /// <see cref="TransferUtilityConfig.ResumeTransfers"/>); 0 when nothing was resumed.</summary>
    public long ResumedBytes { get; set; }

    /// <summary>Bytes of the objects this call moved, not counting <see cref="ResumedBytes"/>.</summary>
    public long TransferredBytes { get; set; }

    /// <summary>One error per failed file, in the order they failed.</summary>
    public IList<Exception> Errors { get; set; }

    /// <summary>Whether every file was uploaded: from the counts, unless set.</summary>
    public DirectoryResult Result
    {
        get => _result
            ?? (ObjectsFailed == 0 ? DirectoryResult.Success : ObjectsUploaded == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess);
        set => _result = value;
    }
}
