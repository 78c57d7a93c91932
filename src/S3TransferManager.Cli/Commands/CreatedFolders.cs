namespace S3TransferManager.Cli.Commands;

/// <summary>
/// The folders a download finds under its destination before it starts, so that when it fails or is cancelled the
/// ones it created and left empty are removed: the library deletes its temporary files, not the folders it made for
/// them. Folders that existed before, and any folder with something in it, are left alone.
/// </summary>
internal sealed class CreatedFolders
{
    private readonly string _root;
    private readonly HashSet<string> _existed;

    private CreatedFolders(string root, HashSet<string> existed)
    {
        _root = root;
        _existed = existed;
    }

    /// <summary>Remembers <paramref name="root"/>, its ancestors and every folder under it, as they are now.</summary>
    public static CreatedFolders Before(string root)
    {
        string full = Path.GetFullPath(root);
        var existed = new HashSet<string>(StringComparer.Ordinal);
        for (string? folder = full; folder is not null; folder = Path.GetDirectoryName(folder))
        {
            if (Directory.Exists(folder))
            {
                existed.Add(folder);
            }
        }

        if (Directory.Exists(full))
        {
            existed.UnionWith(Directory.EnumerateDirectories(full, "*", SearchOption.AllDirectories));
        }

        return new CreatedFolders(full, existed);
    }

    /// <summary>Removes the empty folders made since <see cref="Before"/>, deepest first, up to the nearest folder that
    /// existed. Best effort: a folder that cannot be removed is left, and the download's own error is what counts.</summary>
    public void RemoveEmpty()
    {
        if (!Directory.Exists(_root))
        {
            return;
        }

        IEnumerable<string> below = Directory.EnumerateDirectories(_root, "*", SearchOption.AllDirectories)
            .OrderByDescending(folder => folder.Length);
        var upward = new List<string>();
        for (string? folder = _root; folder is not null && !_existed.Contains(folder); folder = Path.GetDirectoryName(folder))
        {
            upward.Add(folder);
        }

        foreach (string folder in below.Concat(upward).Where(folder => !_existed.Contains(folder)))
        {
            try
            {
                if (!Directory.EnumerateFileSystemEntries(folder).Any())
                {
                    Directory.Delete(folder);
                }
            }
            catch (IOException)
            {
                // Something appeared in it, or it went away: either way it is not ours to remove.
            }
            catch (UnauthorizedAccessException)
            {
                // Not removable by this user: leave it.
            }
        }
    }
}
