namespace S3TransferManager;

/// <summary>What a sync did (in a dry run: would have done).</summary>
public sealed class TransferUtilitySyncResponse
{
    internal TransferUtilitySyncResponse(long transferred, long deleted, long unchanged, long notComparable, long failed, IList<Exception> errors)
    {
        ObjectsFailed = failed;
        ObjectsTransferred = transferred;
        ObjectsDeleted = deleted;
        ObjectsUnchanged = unchanged;
        ObjectsNotComparable = notComparable;
        Errors = errors;
    }

    /// <summary>Entries uploaded, downloaded or copied.</summary>
    public long ObjectsTransferred { get; }

    /// <summary>Destination entries deleted.</summary>
    public long ObjectsDeleted { get; }

    /// <summary>Source entries found up to date at the destination and left alone.</summary>
    public long ObjectsUnchanged { get; }

    /// <summary>Of <see cref="ObjectsTransferred"/>, those copied because their checksums could not be compared
    /// (<see cref="SyncReason.ChecksumNotComparable"/>).</summary>
    public long ObjectsNotComparable { get; }

    /// <summary>Entries that failed; only non-zero under <see cref="FailurePolicy.ContinueOnFailure"/>.</summary>
    public long ObjectsFailed { get; }

    /// <summary>One error per failed entry, in the order they failed: the first 1,000 of them, so a sync where a million
    /// entries failed does not hold a million exceptions (<see cref="ObjectsFailed"/> counts them all).</summary>
    public IList<Exception> Errors { get; }

    /// <summary>Whether every entry was synced.</summary>
    public DirectoryResult Result =>
        ObjectsFailed == 0 ? DirectoryResult.Success : ObjectsTransferred + ObjectsDeleted == 0 ? DirectoryResult.Failure : DirectoryResult.PartialSuccess;
}
