namespace S3TransferManager;

/// <summary>What a directory copy did.</summary>
public sealed class TransferUtilityCopyDirectoryResponse
{
    internal TransferUtilityCopyDirectoryResponse(long objectsCopied, long objectsFailed, IList<Exception> errors)
    {
        ObjectsCopied = objectsCopied;
        ObjectsFailed = objectsFailed;
        Errors = errors;
    }

    /// <summary>Objects copied.</summary>
    public long ObjectsCopied { get; }

    /// <summary>Objects that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; }

    /// <summary>One error per failed object, in the order they failed.</summary>
    public IList<Exception> Errors { get; }

    /// <summary>Whether every object was copied.</summary>
    public DirectoryResult Result =>
        ObjectsFailed == 0 ? DirectoryResult.Success : ObjectsCopied == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess;
}
