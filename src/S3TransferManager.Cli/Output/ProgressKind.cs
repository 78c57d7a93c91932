namespace S3TransferManager.Cli.Output;

/// <summary>What a progress display shows a transfer as, which decides what it may claim about it.</summary>
internal enum ProgressKind
{
    /// <summary>One object or local file read or written: a total from the start or from the first response is final,
    /// so a share and a time left are true.</summary>
    Download,

    /// <summary>One object uploaded: a share only when the length was known at the start (a file, not stdin); once every
    /// byte is sent, S3 still has to answer (CompleteMultipartUpload), shown as completing.</summary>
    Upload,

    /// <summary>A folder or prefix: the total grows while it is still being listed, so no share and no time left.</summary>
    Directory,
}
