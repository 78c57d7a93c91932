using Amazon.S3;

namespace S3TransferManager.Resume;

/// <summary>
/// What a download to a file tells its journal, and learns from it, so that an interrupted download can be resumed:
/// where an earlier run stopped, the temporary file (with the parts already in it checked), each part once written,
/// and at the end whether the temporary file stays for a later run.
/// </summary>
internal interface IFileDownloadJournal : IDisposable
{
    /// <summary>Where an earlier run stopped; null for a new download.</summary>
    ResumePoint? ResumePoint { get; }

    /// <summary>The algorithm a part is hashed in for its record when the download's checksum validation hashes it in
    /// none; otherwise the record takes the validation's digest, so the bytes are hashed once.</summary>
    ChecksumAlgorithm PartChecksum { get; }

    /// <summary>The parts to fetch, once <see cref="PlanAsync"/> has checked the written ones; the part the first GET
    /// fetched comes first.</summary>
    IReadOnlyList<int> PartsToFetch { get; }

    /// <summary>The bytes of the parts already written and checked: what this run need not fetch.</summary>
    long ResumedBytes { get; }

    /// <summary>What the journal held that could not be used, each with why (fetched again).</summary>
    IReadOnlyList<string> Restarts { get; }

    /// <summary>The earlier run's parts cannot be used (the object changed: its ETag was refused): they are forgotten
    /// and the download starts over.</summary>
    void Restart(string reason);

    /// <summary>Takes the download's plan once the first GET answered, and names the temporary file to write: the earlier
    /// run's, which holds the parts that checked out against their records (their bytes also go to the plan's
    /// validation), or a new one once the journal recorded the plan; null when no journal is kept (one part, no ETag)
    /// and the download names its own.</summary>
    ValueTask<(string? TempPath, bool HoldsParts)> PlanAsync(DownloadPlan plan, CancellationToken cancellationToken);

    /// <summary>Records a part written to the temporary file, with the checksum of its bytes in
    /// <paramref name="algorithm"/> (base64).</summary>
    void PartWritten(int partNumber, long start, long length, ChecksumAlgorithm algorithm, string checksum);

    /// <summary>Whether the temporary file stays after <paramref name="error"/>, for the next identical request to
    /// resume; when not, the journal is gone and the temporary file is to be deleted.</summary>
    bool KeepAfter(Exception error, CancellationToken cancellationToken);

    /// <summary>The download completed (the file is in place): the journal is deleted.</summary>
    void Completed();
}
