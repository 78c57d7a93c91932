namespace S3TransferManager;

/// <summary>The overall outcome of a directory transfer.</summary>
public enum DirectoryResult
{
    /// <summary>Every object was transferred.</summary>
    Success,

    /// <summary>Some objects were transferred and some failed.</summary>
    PartialSuccess,

    /// <summary>Every object attempted failed.</summary>
    Failure,
}
