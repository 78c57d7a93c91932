namespace S3TransferManager.Directories;

/// <summary>How far a directory transfer looks ahead of the objects it has started.</summary>
internal static class DirectoryLookahead
{
    /// <summary>
    /// Files found, or objects listed, and not started, at most: a FileInfo or an S3Object each (a few hundred bytes),
    /// so a folder or listing of a million never sits in memory; one listing page; and far enough ahead that, taken
    /// largest first, a big object usually starts well before the small ones end.
    /// </summary>
    public const int Items = 1000;
}
