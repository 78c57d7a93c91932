namespace S3TransferManager.Directories;

/// <summary>
/// Creates the folders a directory download writes into, and names the conflict when a file and a folder of one name
/// meet (keys "a/b" and "a/b/c"): the file system refuses both ways round, so nothing is overwritten, and this turns its
/// refusal into a <see cref="LocalPathConflictException"/> for the key that came second.
/// </summary>
internal static class LocalFolders
{
    /// <summary>Creates <paramref name="folder"/> and its parents for <paramref name="key"/>.</summary>
    /// <exception cref="LocalPathConflictException">The folder, or one of its parents, is a file.</exception>
    public static void Create(string key, string folder)
    {
        try
        {
            Directory.CreateDirectory(folder);
        }
        catch (IOException e) when (FileOnTheWay(folder) is { } file)
        {
            throw new LocalPathConflictException(key, file, "is a file, where this key needs a folder", e);
        }
    }

    /// <summary>Refuses a file path that is a folder (made for another key, or there before).</summary>
    /// <exception cref="LocalPathConflictException">The path is a folder.</exception>
    public static void ThrowIfFolder(string key, string path, Exception? refusal = null)
    {
        if (Directory.Exists(path))
        {
            throw new LocalPathConflictException(key, path, "is a folder, where this key needs a file", refusal);
        }
    }

    private static string? FileOnTheWay(string folder)
    {
        for (string? path = Path.TrimEndingDirectorySeparator(folder); !string.IsNullOrEmpty(path); path = Path.GetDirectoryName(path))
        {
            if (File.Exists(path))
            {
                return path;
            }
        }

        return null;
    }
}
