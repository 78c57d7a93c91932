namespace S3TransferManager;

/// <summary>
/// A key of a directory download would land outside the local folder (a '..' segment, a rooted path, a drive letter,
/// a backslash or an empty segment), so it was refused and nothing was written for it.
/// </summary>
public sealed class UnsafeKeyException : Exception
{
    /// <summary>Creates the exception for a refused key.</summary>
    /// <param name="key">The key that was refused.</param>
    /// <param name="reason">Why it was refused.</param>
    public UnsafeKeyException(string key, string reason)
        : base($"The key '{key}' was not downloaded: {reason}.")
    {
        Key = key;
    }

    /// <summary>The key that was refused.</summary>
    public string Key { get; }
}
