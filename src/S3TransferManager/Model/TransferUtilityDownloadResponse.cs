namespace S3TransferManager;

/// <summary>What a finished download learned about the object.</summary>
public sealed class TransferUtilityDownloadResponse : TransferUtilityGetObjectResponseBase
{
    /// <summary>Bytes an earlier, interrupted run of this download had already written (and that were checked in its
    /// temporary file), which this call did not fetch again (see <see cref="TransferUtilityConfig.ResumeTransfers"/>);
    /// 0 when nothing was resumed.</summary>
    public long ResumedBytes { get; set; }

    /// <summary>Bytes of the object this call fetched: the object's length less <see cref="ResumedBytes"/>. A range the
    /// library asked for again after a broken body is counted once.</summary>
    public long TransferredBytes { get; set; }

    /// <summary>What the journal of an earlier run held that could not be used, each with why: an object that changed
    /// (its ETag refused), a temporary file that is gone, a part whose bytes no longer match their checksum. Those parts,
    /// or the whole object, were fetched again. Empty when there was nothing to restart.</summary>
    public IReadOnlyList<string> ResumeRestarts { get; set; } = [];
}
