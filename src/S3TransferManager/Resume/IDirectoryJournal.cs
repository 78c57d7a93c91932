namespace S3TransferManager.Resume;

/// <summary>
/// What a directory transfer tells its journal, and learns from it, so that an interrupted directory transfer does
/// not move its finished objects again: which objects an earlier run finished (and whether they are unchanged since),
/// and each object once finished. A big object's parts have a journal of their own.
/// </summary>
internal interface IDirectoryJournal : IDisposable
{
    /// <summary>Whether an earlier run of this very transfer left the journal (its objects' own journals may be there too).</summary>
    bool HasEarlierRun { get; }

    /// <summary>The bytes of the objects found finished so far: what this run did not move.</summary>
    long ResumedBytes { get; }

    /// <summary>Whether an earlier run finished <paramref name="key"/> with <paramref name="localPath"/> and neither
    /// changed since: the local file has the length and last-write time recorded then, and the object the length
    /// <paramref name="objectLength"/> and, when given, the ETag <paramref name="eTag"/>.</summary>
    bool IsFinished(string key, string localPath, long objectLength, string? eTag);

    /// <summary>Records <paramref name="key"/> finished at <paramref name="localPath"/>, with the length and last-write
    /// time of <paramref name="written"/>: the local file itself after an upload, the download's complete temporary file
    /// just before it is renamed to <paramref name="localPath"/> (the rename keeps both).</summary>
    void Finished(string key, string localPath, FileInfo written, string? eTag);

    /// <summary>Every object finished: the journal is deleted.</summary>
    void Completed();
}
