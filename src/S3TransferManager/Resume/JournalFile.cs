using Microsoft.Win32.SafeHandles;

namespace S3TransferManager.Resume;

/// <summary>
/// A journal on disk, held open and locked by the one transfer that uses it. It is created, and replaced, whole: the
/// lines go to a new file that is then renamed over the journal, so a reader sees the old journal or the new one,
/// never part of one. Records are then appended a line at a time, with no flush to the device: a process killed after
/// an append still leaves the line in the operating system's cache, and a power loss that drops it only costs that
/// part's transfer again, since every record is checked before it is trusted. Thread-safe.
/// </summary>
internal sealed class JournalFile : IDisposable
{
    /// <summary>Where the whole new content goes before it is renamed over the journal.</summary>
    private const string NewSuffix = ".new";

    private readonly Lock _gate = new();

    /// <summary>The open journal, locked against other transfers (FileShare.None); null once closed.</summary>
    private SafeFileHandle? _handle;

    /// <summary>Where the next line is written: the end of the good lines.</summary>
    private long _end;

    private JournalFile(string path, SafeFileHandle handle, long end)
    {
        Path = path;
        _handle = handle;
        _end = end;
    }

    public string Path { get; }

    /// <summary>Opens the journal at <paramref name="path"/> for this transfer alone and reads its good lines (a
    /// damaged or cut-off tail is cut away); null when there is none, or another transfer holds it
    /// (<paramref name="inUse"/>).</summary>
    public static JournalFile? TryOpen(string path, out List<byte[]> lines, out bool inUse)
    {
        lines = [];
        inUse = false;
        SafeFileHandle? handle = null;
        try
        {
            try
            {
                handle = File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.None);
            }
            catch (Exception e) when (e is FileNotFoundException or DirectoryNotFoundException)
            {
                return null;
            }
            catch (IOException)
            {
                inUse = true;
                return null;
            }

            lines = ReadGoodLines(handle, out long good);
            var journal = new JournalFile(path, handle, good);
            handle = null;
            return journal;
        }
        finally
        {
            handle?.Dispose();
        }
    }

    /// <summary>Reads the journal's good lines and cuts away whatever follows them.</summary>
    private static List<byte[]> ReadGoodLines(SafeFileHandle handle, out long good)
    {
        long length = RandomAccess.GetLength(handle);
        List<byte[]> lines = JournalLine.ReadAll(ReadWhole(handle), out good);
        if (good < length)
        {
            RandomAccess.SetLength(handle, good);
        }

        return lines;
    }

    /// <summary>The file's bytes, up to its length or to where a read ends early.</summary>
    private static ReadOnlySpan<byte> ReadWhole(SafeFileHandle handle)
    {
        byte[] content = new byte[RandomAccess.GetLength(handle)];
        int read = 0;
        int n;
        while (read < content.Length && (n = RandomAccess.Read(handle, content.AsSpan(read), read)) > 0)
        {
            read += n;
        }

        return content.AsSpan(0, read);
    }

    /// <summary>Reads the good lines of the journal at <paramref name="path"/> without holding it or changing it (to
    /// list it); false when there is none, or another transfer holds it.</summary>
    public static bool TryRead(string path, out List<byte[]> lines)
    {
        lines = [];
        try
        {
            using SafeFileHandle handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read);
            lines = JournalLine.ReadAll(ReadWhole(handle), out _);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>Writes <paramref name="lines"/> as the whole journal at <paramref name="path"/> (replacing any) and
    /// holds it for appending.</summary>
    public static JournalFile Create(string path, IEnumerable<byte[]> lines)
    {
        Directory.CreateDirectory(System.IO.Path.GetDirectoryName(path)!);
        long end = WriteWhole(path, lines);
        return new JournalFile(path, OpenLocked(path), end);
    }

    /// <summary>Replaces the whole journal with <paramref name="lines"/> (a restarted transfer's new header).</summary>
    public void Replace(IEnumerable<byte[]> lines)
    {
        lock (_gate)
        {
            SafeFileHandle old = Handle;
            _end = WriteWhole(Path, lines);
            _handle = OpenLocked(Path);
            old.Dispose();
        }
    }

    /// <summary>Appends one line (<see cref="JournalLine.Encode"/>).</summary>
    public void Append(byte[] line)
    {
        lock (_gate)
        {
            RandomAccess.Write(Handle, line, _end);
            _end += line.Length;
        }
    }

    /// <summary>Closes and deletes the journal: its transfer is over.</summary>
    public void Delete()
    {
        lock (_gate)
        {
            _handle?.Dispose();
            _handle = null;
            File.Delete(Path);
        }
    }

    /// <summary>Closes the journal and leaves it for the next identical request.</summary>
    public void Dispose()
    {
        lock (_gate)
        {
            _handle?.Dispose();
            _handle = null;
        }
    }

    private SafeFileHandle Handle => _handle ?? throw new ObjectDisposedException(Path);

    private static long WriteWhole(string path, IEnumerable<byte[]> lines)
    {
        string next = path + NewSuffix;
        long end = 0;
        using (SafeFileHandle handle = File.OpenHandle(next, FileMode.Create, FileAccess.Write, FileShare.None))
        {
            foreach (byte[] line in lines)
            {
                RandomAccess.Write(handle, line, end);
                end += line.Length;
            }
        }

        File.Move(next, path, overwrite: true);
        return end;
    }

    private static SafeFileHandle OpenLocked(string path) => File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.None);
}
