namespace S3TransferManager;

/// <summary>
/// An object of a directory download was not written because its local path is already taken: another key of the
/// same download maps to the same file (keys that differ only by case on a file system that ignores case, or only by
/// Unicode normalization on one that ignores it), or a file and a folder of one name meet ("a/b" and "a/b/c", or the
/// folder marker "a/b/"), or the path is a folder already. Of two files, the key listed first keeps the path; of a file
/// and a folder, the one created first. Nothing of this key was written, and no file written for another key was
/// replaced.
/// </summary>
public sealed class LocalPathConflictException : IOException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="key">The key that was not written.</param>
    /// <param name="localPath">The local path it maps to.</param>
    /// <param name="reason">What already holds that path.</param>
    /// <param name="innerException">The file system's refusal that revealed the conflict, if any.</param>
    public LocalPathConflictException(string key, string localPath, string reason, Exception? innerException = null)
        : base($"The key '{key}' was not downloaded: its local path '{localPath}' {reason}.", innerException)
    {
        Key = key;
        LocalPath = localPath;
    }

    /// <summary>The key that was not written.</summary>
    public string Key { get; }

    /// <summary>The local path the key maps to.</summary>
    public string LocalPath { get; }
}
