namespace S3TransferManager.Resume;

/// <summary>A directory transfer: which objects or files it covers. Its records are the objects already finished;
/// each big object's parts have a journal of their own.</summary>
internal sealed record DirectoryJournalHeader : JournalHeader
{
    /// <summary>True for a folder uploaded to a prefix; false for a prefix downloaded to a folder.</summary>
    public bool Upload { get; init; }

    /// <summary>The key prefix (S3Directory or KeyPrefix); empty for the bucket's root.</summary>
    public required string Prefix { get; init; }

    /// <summary>The local folder's full path.</summary>
    public required string LocalRoot { get; init; }

    /// <summary>The files an upload takes: search pattern and whether subfolders are included.</summary>
    public string? SearchPattern { get; init; }

    public bool Recursive { get; init; }
}
