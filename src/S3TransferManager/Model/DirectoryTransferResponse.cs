namespace S3TransferManager;

/// <summary>What a directory download and a directory upload both report: what failed, the bytes moved and resumed,
/// and the outcome.</summary>
public abstract class DirectoryTransferResponse
{
    private DirectoryResult? _result;

    private protected DirectoryTransferResponse(long objectsFailed, IList<Exception> errors)
    {
        ObjectsFailed = objectsFailed;
        Errors = errors;
    }

    /// <summary>Objects (or files) that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; set; }

    /// <summary>Bytes of the objects earlier, interrupted runs of this request had already moved (whole objects the
    /// journal found finished and unchanged, and parts of big ones), which this call did not move again (see
    /// <see cref="TransferUtilityConfig.ResumeTransfers"/>); 0 when nothing was resumed.</summary>
    public long ResumedBytes { get; set; }

    /// <summary>Bytes of the objects this call moved, not counting <see cref="ResumedBytes"/>.</summary>
    public long TransferredBytes { get; set; }

    /// <summary>One error per failed object (or file), in the order they failed.</summary>
    public IList<Exception> Errors { get; set; }

    /// <summary>Whether every object (or file) was transferred: from the counts, unless set.</summary>
    public DirectoryResult Result
    {
        get => _result
            ?? (ObjectsFailed == 0 ? DirectoryResult.Success : ObjectsDone == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess);
        set => _result = value;
    }

    /// <summary>Objects (or files) transferred, under the name the AWS SDK gives them for each direction.</summary>
    private protected abstract long ObjectsDone { get; }
}
