using System.IO.Hashing;
using System.Runtime.InteropServices;

namespace S3TransferManager.Directories;

/// <summary>
/// The local files and folders a directory download has given to keys, every one (for file systems that fold names, and
/// paths a file-request handler chose; otherwise <see cref="ListingOrderClaims"/> needs far less), so that no two keys write one file and no key
/// needs a folder where another has a file: a key whose path the file system would take for one already given is
/// refused with <see cref="LocalPathConflictException"/>, and nothing of it is written.
/// </summary>
/// <remarks>
/// Paths are compared as the file system compares names (<see cref="NameFolding"/>). Each is kept as the 128-bit xxHash
/// of its folded spelling, not the string: 16 bytes however long the path, 50-57 with the set's own overhead (a
/// million files in 50,000 folders: 53 MB, measured with GC.GetTotalMemory around filled sets), and two distinct
/// paths share a hash with a probability near 2^-128 per pair. Invariants: no path is both a file and a
/// folder, and every folder's parent folders (below the local folder) are folders too. Thread-safe: the listing claims
/// paths in order, and workers claim the paths a file-request handler chose.
/// </remarks>
internal sealed class LocalPathClaims : IPathClaims
{
    private readonly NameFolding _folding;

    // Length of the folded local folder: folders at or above it are not claimed.
    private readonly int _rootLength;

    private readonly Lock _lock = new();

    // Hashes of the folded paths given out as files, and as folders. Guarded by _lock.
    private readonly HashSet<UInt128> _files = [];
    private readonly HashSet<UInt128> _folders = [];

    // Hashes of the parent folders a claim adds, gathered before any is added. Guarded by _lock.
    private readonly List<UInt128> _newFolders = [];

    /// <param name="folding">How the file system under <paramref name="root"/> compares names.</param>
    /// <param name="root">The local folder, as a full path.</param>
    public LocalPathClaims(NameFolding folding, string root)
    {
        _folding = folding;
        _rootLength = folding.Fold(Path.TrimEndingDirectorySeparator(root)).Length;
    }

    /// <summary>Gives <paramref name="path"/> (a full path; ending in a separator for a folder) to
    /// <paramref name="key"/>, and the folders above it.</summary>
    /// <exception cref="LocalPathConflictException">The path, or a folder above it, is already another key's: the same
    /// file, a file where a folder is needed, or a folder where a file is needed.</exception>
    public void Claim(string key, string path)
    {
        bool folder = Path.EndsInDirectorySeparator(path);
        string folded = _folding.Fold(Path.TrimEndingDirectorySeparator(path));
        UInt128 self = Hash(folded);
        lock (_lock)
        {
            if (_files.Contains(self))
            {
                throw new LocalPathConflictException(key, path, "is the file of another key of this download");
            }

            if (!folder && _folders.Contains(self))
            {
                throw new LocalPathConflictException(key, path, "is a folder that other keys of this download write into");
            }

            _newFolders.Clear();
            if (folder && !_folders.Contains(self))
            {
                _newFolders.Add(self);
            }

            // Up to the first folder already given (its parents are given too, and none of them is a file).
            for (int end = folded.LastIndexOf(Path.DirectorySeparatorChar); end > _rootLength; end = folded.LastIndexOf(Path.DirectorySeparatorChar, end - 1))
            {
                UInt128 parent = Hash(folded.AsSpan(0, end));
                if (_folders.Contains(parent))
                {
                    break;
                }

                if (_files.Contains(parent))
                {
                    throw new LocalPathConflictException(key, path,
                        $"needs the folder '{path[..FolderEnd(path, folded, end)]}', which is the file of another key of this download");
                }

                _newFolders.Add(parent);
            }

            _folders.UnionWith(_newFolders);
            if (!folder)
            {
                _files.Add(self);
            }
        }
    }

    private static UInt128 Hash(ReadOnlySpan<char> path) => XxHash128.HashToUInt128(MemoryMarshal.AsBytes(path));

    // The folder's end in the original spelling: the same separator, counted from the end (folding keeps separators).
    private static int FolderEnd(string path, string folded, int foldedEnd)
    {
        int separatorsAfter = folded.AsSpan(foldedEnd + 1).Count(Path.DirectorySeparatorChar);
        string trimmed = Path.TrimEndingDirectorySeparator(path);
        int end = trimmed.Length;
        for (int i = 0; i <= separatorsAfter; i++)
        {
            end = trimmed.LastIndexOf(Path.DirectorySeparatorChar, end - 1);
        }

        return end;
    }
}
