namespace S3TransferManager.Cli.Output;

/// <summary>Where a transfer is, as far as its progress events tell.</summary>
internal enum ProgressPhase
{
    /// <summary>Bytes are moving (or none has been reported yet).</summary>
    Sending,

    /// <summary>An upload has sent every byte and waits for S3 to answer and assemble the object.</summary>
    Completing,

    /// <summary>The transfer returned.</summary>
    Done,
}
