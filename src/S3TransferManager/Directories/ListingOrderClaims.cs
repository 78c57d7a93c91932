namespace S3TransferManager.Directories;

/// <summary>
/// The path claims of a directory download whose keys arrive in listing order (ascending, as S3 lists them) onto a
/// file system that compares names exactly, in memory that does not grow with the number of keys.
/// </summary>
/// <remarks>
/// Under exact names, the key-to-path mapping gives distinct keys distinct paths, so the one conflict left is a file
/// where another key needs a folder: key <c>a</c> and key <c>a/b</c> (or the folder marker <c>a/</c>). A key sorts
/// before every key it is a prefix of, and every key listed between them has it as a prefix too; so only the files
/// whose paths are prefixes of the current path can still conflict, and the rest are dropped as the listing moves on.
/// What is kept is a chain of prefixes of one path: a few entries, never more than the path's length. A key that comes
/// out of order (a server that does not sort its listing) hands every later claim to an exhaustive
/// <see cref="LocalPathClaims"/>, seeded with the chain; a conflict with a path dropped before then is found by the
/// file system instead (the key fails with an <see cref="IOException"/>), and no file is overwritten by it, since
/// distinct keys never share a file here. Not thread-safe: claims come from the listing, one at a time.
/// </remarks>
internal sealed class ListingOrderClaims : IPathClaims
{
    private readonly string _root;

    /// <summary>Files claimed whose paths are prefixes of the last path claimed, shortest first.</summary>
    private readonly List<string> _chain = [];

    private string? _lastKey;

    /// <summary>Takes every claim once a key came out of order.</summary>
    private LocalPathClaims? _exhaustive;

    /// <summary>The files remembered now (the chain), for tests of the bound.</summary>
    internal int Remembered => _chain.Count;

    /// <param name="root">The local folder, as a full path.</param>
    public ListingOrderClaims(string root) => _root = root;

    /// <inheritdoc/>
    public void Claim(string key, string path)
    {
        if (_exhaustive is null && _lastKey is not null && Utf8Order.Compare(key, _lastKey) <= 0)
        {
            _exhaustive = new LocalPathClaims(NameFolding.Exact, _root);
            foreach (string file in _chain)
            {
                _exhaustive.Claim(file, file);
            }
        }

        if (_exhaustive is not null)
        {
            _exhaustive.Claim(key, path);
            return;
        }

        bool folder = Path.EndsInDirectorySeparator(path);
        string self = Path.TrimEndingDirectorySeparator(path);
        while (_chain.Count > 0 && !self.StartsWith(_chain[^1], StringComparison.Ordinal))
        {
            _chain.RemoveAt(_chain.Count - 1);
        }

        foreach (string file in _chain)
        {
            if (self.Length == file.Length)
            {
                throw new LocalPathConflictException(key, path, "is the file of another key of this download");
            }

            if (self[file.Length] == Path.DirectorySeparatorChar)
            {
                throw new LocalPathConflictException(key, path,
                    $"needs the folder '{file}', which is the file of another key of this download");
            }
        }

        _lastKey = key;
        if (!folder)
        {
            _chain.Add(self);
        }
    }
}
