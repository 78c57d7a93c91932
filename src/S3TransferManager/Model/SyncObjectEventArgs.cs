namespace S3TransferManager;

/// <summary>One entry a sync acted on (or, in a dry run, would have), or failed to.</summary>
public sealed class SyncObjectEventArgs : EventArgs
{
    internal SyncObjectEventArgs(SyncAction action, SyncReason reason, string source, string destination, bool dryRun, Exception? exception = null)
    {
        Action = action;
        Reason = reason;
        Source = source;
        Destination = destination;
        DryRun = dryRun;
        Exception = exception;
    }

    /// <summary>What was done.</summary>
    public SyncAction Action { get; }

    /// <summary>Why.</summary>
    public SyncReason Reason { get; }

    /// <summary>The source: a local path or s3://bucket/key; for a delete, the entry deleted.</summary>
    public string Source { get; }

    /// <summary>The destination: a local path or s3://bucket/key; for a delete, the entry deleted.</summary>
    public string Destination { get; }

    /// <summary>Whether this was a dry run, so nothing was changed.</summary>
    public bool DryRun { get; }

    /// <summary>Why it failed; null when it succeeded.</summary>
    public Exception? Exception { get; }
}
