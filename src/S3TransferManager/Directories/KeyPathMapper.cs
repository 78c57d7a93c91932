namespace S3TransferManager.Directories;

/// <summary>
/// Maps an S3 key below a prefix to a path below a local folder, refusing every key that could escape it. Checked
/// segment by segment on the key itself (not on the combined path) so the answer does not depend on the platform.
/// </summary>
internal static class KeyPathMapper
{
    /// <summary>The path relative to <paramref name="prefix"/>, or <see langword="null"/> for the prefix itself.</summary>
    /// <returns>The full local path; it ends in a separator for a folder marker (a key ending in '/').</returns>
    /// <exception cref="UnsafeKeyException">The key would land outside <paramref name="localDirectory"/>.</exception>
    public static string? Map(string key, string? prefix, string localDirectory)
    {
        string relative = RelativeKey(key, prefix);
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

        string root = Path.GetFullPath(localDirectory);
        string path = Path.GetFullPath(Path.Combine(root, Path.Combine(segments)));
        string rootWithSeparator = Path.EndsInDirectorySeparator(root) ? root : root + Path.DirectorySeparatorChar;
        if (!path.StartsWith(rootWithSeparator, StringComparison.Ordinal))
        {
            // A last line behind the segment checks: whatever slipped through them still cannot leave the folder.
            throw new UnsafeKeyException(key, "it resolves outside the local folder");
        }

        return folder ? path + Path.DirectorySeparatorChar : path;
    }

    /// <summary>The key relative to <paramref name="prefix"/>, '/' separated, unchecked: what the directory progress
    /// names an object by, as the AWS SDK does.</summary>
    public static string RelativeKey(string key, string? prefix)
    {
        if (string.IsNullOrEmpty(prefix))
        {
            return key;
        }

        string withSlash = prefix.EndsWith('/') ? prefix : prefix + "/";
        if (key.StartsWith(withSlash, StringComparison.Ordinal))
        {
            return key[withSlash.Length..];
        }

        // The key equals the prefix or merely starts with it ("logs" matching "logs2/a"): keep the part after it.
        return key.StartsWith(prefix, StringComparison.Ordinal) ? key[prefix.Length..].TrimStart('/') : key;
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
