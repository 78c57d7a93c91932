using System.Collections.Concurrent;

namespace S3TransferManager.Directories;

/// <summary>
/// The folders one directory download has made (or found), so that its files make each folder once rather than once
/// per file: creating a folder that is there costs a failed mkdir and the checks around it, for every small object.
/// Bounded: past <see cref="Limit"/> folders it forgets them all and starts again, so a listing of a million folders
/// costs no more memory than one of a thousand (a forgotten folder is only made again).
/// </summary>
internal sealed class KnownFolders
{
    private const int Limit = 4096;
    private readonly ConcurrentDictionary<string, byte> _made = new(StringComparer.Ordinal);

    /// <summary>Creates <paramref name="folder"/> and its parents for <paramref name="key"/>, unless this download has
    /// already (<see cref="LocalFolders.Create"/>).</summary>
    /// <exception cref="LocalPathConflictException">The folder, or one of its parents, is a file.</exception>
    public void Create(string key, string folder)
    {
        if (_made.ContainsKey(folder))
        {
            return;
        }

        LocalFolders.Create(key, folder);
        if (_made.Count >= Limit)
        {
            _made.Clear();
        }

        _made.TryAdd(folder, 0);
    }
}
