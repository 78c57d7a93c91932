namespace S3TransferManager.Directories;

/// <summary>
/// Maps the keys of one directory download to paths below its local folder, as the AWS SDK's TransferUtility does:
/// the listing prefix is <c>S3Directory</c> with '\' read as '/', a leading '/' dropped and, unless slash correction is
/// disabled, a trailing '/' added. The local path is the key after that prefix; when the prefix is used as given and
/// does not end in '/', after its last '/' (so "2026-11-25" keeps "2026-11-250file.txt" and "2026-11-25/0file.txt"
/// apart). Every key that could escape the folder is refused, checked segment by segment on the key itself (not on the
/// combined path) so the answer does not depend on the platform.
/// </summary>
/// <remarks>Two distinct keys under the listing prefix give two distinct relative keys (one prefix length is cut from
/// all), so on a file system that compares names exactly, the only keys that meet locally are a file and a folder of
/// one name ("a/b" and "a/b/" or "a/b/c"); <see cref="LocalPathClaims"/> covers file systems that fold names.</remarks>
internal sealed class KeyPathMapper
{
    private readonly string _root;
    private readonly string _rootWithSeparator;

    // The leading characters every listed key shares and no local path keeps.
    private readonly string _cut;

    public KeyPathMapper(string? s3Directory, bool disableSlashCorrection, string localDirectory)
    {
        ListPrefix = ListingPrefix(s3Directory, disableSlashCorrection);
        _cut = disableSlashCorrection && !ListPrefix.EndsWith('/')
            ? ListPrefix[..(ListPrefix.LastIndexOf('/') + 1)]
            : ListPrefix;
        _root = Path.GetFullPath(localDirectory);
        _rootWithSeparator = Path.EndsInDirectorySeparator(_root) ? _root : _root + Path.DirectorySeparatorChar;
    }

    /// <summary>The prefix to list: what the AWS SDK lists for the same request.</summary>
    public string ListPrefix { get; }

    /// <summary>The key relative to the local folder, '/' separated, unchecked: what the directory progress names an
    /// object by, as the AWS SDK does.</summary>
    /// <exception cref="UnsafeKeyException">The key is not under the listing prefix (a server listed a key it was not
    /// asked for).</exception>
    public string RelativeKey(string key) =>
        key.StartsWith(_cut, StringComparison.Ordinal)
            ? key[_cut.Length..]
            : throw new UnsafeKeyException(key, $"it is not under the listed prefix '{ListPrefix}'");

    /// <summary>The full local path for <paramref name="key"/>, or <see langword="null"/> for the prefix itself.</summary>
    /// <returns>The full local path; it ends in a separator for a folder marker (a key ending in '/').</returns>
    /// <exception cref="UnsafeKeyException">The key would land outside the local folder.</exception>
    public string? Map(string key)
    {
        string relative = RelativeKey(key);
        if (relative.Length == 0)
        {
            return null;
        }

        bool folder = relative.EndsWith('/');
        string[] segments = (folder ? relative[..^1] : relative).Split('/');
        foreach (string segment in segments)
        {
            Check(key, segment);
        }

        string path = Path.GetFullPath(Path.Combine(_root, Path.Combine(segments)));
        if (!path.StartsWith(_rootWithSeparator, StringComparison.Ordinal))
        {
            // A last line behind the segment checks: whatever slipped through them still cannot leave the folder.
            throw new UnsafeKeyException(key, "it resolves outside the local folder");
        }

        return folder ? path + Path.DirectorySeparatorChar : path;
    }

    private static string ListingPrefix(string? s3Directory, bool disableSlashCorrection)
    {
        string prefix = (s3Directory ?? string.Empty).Replace('\\', '/');
        if (!disableSlashCorrection && prefix.Length > 0 && !prefix.EndsWith('/'))
        {
            // "logs" means the folder logs/, not every key starting with "logs" (logs2/..., logs.txt).
            prefix += "/";
        }

        return prefix.StartsWith('/') ? prefix[1..] : prefix;
    }

    private static void Check(string key, string segment)
    {
        if (segment.Length == 0)
        {
            throw new UnsafeKeyException(key, "it has an empty segment or starts with '/'");
        }

        if (segment is "." or "..")
        {
            throw new UnsafeKeyException(key, $"it has a '{segment}' segment");
        }

        if (segment.Contains('\\'))
        {
            throw new UnsafeKeyException(key, "it contains a backslash");
        }

        if (segment.Contains(':'))
        {
            throw new UnsafeKeyException(key, "it contains a drive letter or stream separator ':'");
        }

        if (segment.Contains('\0'))
        {
            throw new UnsafeKeyException(key, "it contains a NUL character");
        }
    }
}
