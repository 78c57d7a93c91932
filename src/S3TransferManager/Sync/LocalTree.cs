namespace S3TransferManager.Sync;

/// <summary>
/// The files under a local folder, streamed in the order S3 lists keys (UTF-8 byte order of the '/' separated relative
/// path), so they can be merged with a listing. Each folder's names are read and sorted when the walk enters it, a
/// folder's name sorted as if it ended in '/' (which every path inside it continues with): only the folders on the
/// current path are held, never the whole tree. Symbolic links are followed, as the AWS CLI does by default.
/// </summary>
internal static class LocalTree
{
    /// <summary>The walk of <paramref name="root"/>, or nothing when it does not exist (a destination folder not made
    /// yet holds nothing).</summary>
    public static IEnumerable<SyncEntry> WalkIfExists(string root, CancellationToken cancellationToken) =>
        Directory.Exists(root) ? Walk(root, cancellationToken) : [];

    public static IEnumerable<SyncEntry> Walk(string root, CancellationToken cancellationToken)
    {
        var stack = new Stack<IEnumerator<(string Name, FileSystemInfo Info)>>();
        var prefixes = new Stack<string>();
        stack.Push(Sorted(new DirectoryInfo(root)));
        prefixes.Push(string.Empty);
        while (stack.Count > 0)
        {
            cancellationToken.ThrowIfCancellationRequested();
            IEnumerator<(string Name, FileSystemInfo Info)> level = stack.Peek();
            if (!level.MoveNext())
            {
                level.Dispose();
                stack.Pop();
                prefixes.Pop();
                continue;
            }

            (string name, FileSystemInfo info) = level.Current;
            string relative = prefixes.Peek() + name;
            if (info is DirectoryInfo folder)
            {
                stack.Push(Sorted(folder));
                prefixes.Push(relative + "/");
            }
            else if (info is FileInfo file)
            {
                yield return new SyncEntry(relative, file.FullName, file.Length, file.LastWriteTimeUtc);
            }
        }
    }

    private static IEnumerator<(string Name, FileSystemInfo Info)> Sorted(DirectoryInfo folder)
    {
        var entries = new List<(string SortKey, string Name, FileSystemInfo Info)>();
        foreach (FileSystemInfo info in folder.EnumerateFileSystemInfos())
        {
            FileSystemInfo? target = info.LinkTarget is null ? info : Resolved(info);
            if (target is null)
            {
                // A broken link names nothing to copy; the AWS CLI skips it too.
                continue;
            }

            bool isFolder = target is DirectoryInfo;
            if (!isFolder && (target.Attributes & FileAttributes.Device) != 0)
            {
                continue;
            }

            entries.Add((isFolder ? info.Name + "/" : info.Name, info.Name, target));
        }

        entries.Sort(static (a, b) => Utf8KeyOrder.Instance.Compare(a.SortKey, b.SortKey));
        return entries.Select(static e => (e.Name, e.Info)).GetEnumerator();
    }

    /// <summary>What a symbolic link points at, under the link's own name and path; null when broken.</summary>
    private static FileSystemInfo? Resolved(FileSystemInfo link)
    {
        FileSystemInfo? target = link.ResolveLinkTarget(returnFinalTarget: true);
        if (target is null || !target.Exists)
        {
            return null;
        }

        return target is DirectoryInfo ? new DirectoryInfo(link.FullName) : new FileInfo(link.FullName);
    }
}
