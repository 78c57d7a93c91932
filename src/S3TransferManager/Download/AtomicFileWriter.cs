using Microsoft.Extensions.Logging;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Download;

/// <summary>
/// A temporary file beside the destination that takes writes at any offset and replaces the destination only on
/// <see cref="Commit"/>. Disposing it uncommitted deletes it, so a failed download leaves nothing behind and an
/// existing destination untouched.
/// </summary>
internal sealed class AtomicFileWriter : IDisposable
{
    private readonly string _destinationPath;
    private readonly ILogger _logger;
    private SafeFileHandle? _handle;
    private bool _committed;

    // Set by KeepForResume: disposal closes the temporary file and leaves it.
    private bool _kept;

    private AtomicFileWriter(string destinationPath, string tempPath, SafeFileHandle handle, ILogger logger)
    {
        _destinationPath = destinationPath;
        TempPath = tempPath;
        _handle = handle;
        _logger = logger;
    }

    public string TempPath { get; }

    /// <summary>Creates the destination's folder if needed and a new temporary file in it, with room for
    /// <paramref name="length"/> bytes reserved up front (a full disk fails here, before any download).</summary>
    /// <param name="destinationPath">The file the download ends as.</param>
    /// <param name="length">The object's size.</param>
    /// <param name="logger">Where a temporary file that cannot be deleted is reported.</param>
    /// <param name="tempPath">The temporary file to use (a resumable download names its own, and replaces an earlier
    /// run's); null for a new name of its own.</param>
    public static AtomicFileWriter Create(string destinationPath, long length, ILogger logger, string? tempPath = null)
    {
        string fullPath = Path.GetFullPath(destinationPath);
        string folder = Path.GetDirectoryName(fullPath)!;

        // Same folder, so the final rename never crosses file systems; a dot prefix keeps it out of plain listings.
        FileMode mode = tempPath is null ? FileMode.CreateNew : FileMode.Create;
        tempPath ??= Path.Combine(folder, $".{Path.GetFileName(fullPath)}.{Guid.NewGuid():N}.s3tmp");
        SafeFileHandle Open() => File.OpenHandle(tempPath, mode, FileAccess.Write, FileShare.None, FileOptions.None, preallocationSize: length);
        SafeFileHandle handle;
        try
        {
            handle = Open();
        }
        catch (DirectoryNotFoundException)
        {
            // The folder is made only when it is missing: a folder download writes thousands of files into folders
            // that are there, and creating each again first costs a failed mkdir and its checks per file.
            Directory.CreateDirectory(folder);
            handle = Open();
        }

        return new AtomicFileWriter(fullPath, tempPath, handle, logger);
    }

    /// <summary>Opens an interrupted download's temporary file again, with the parts already in it, to write the rest.</summary>
    public static AtomicFileWriter Reopen(string destinationPath, string tempPath, ILogger logger)
    {
        SafeFileHandle handle = File.OpenHandle(tempPath, FileMode.Open, FileAccess.Write, FileShare.None);
        return new AtomicFileWriter(Path.GetFullPath(destinationPath), tempPath, handle, logger);
    }

    /// <summary>Leaves the temporary file in place when disposed (closed, not deleted): a resumable download that was
    /// interrupted continues from it.</summary>
    public void KeepForResume() => _kept = true;

    /// <summary>Writes at <paramref name="offset"/>, on the calling thread. The handle is synchronous, and on Linux
    /// <see cref="RandomAccess.WriteAsync(SafeFileHandle, ReadOnlyMemory{byte}, long, CancellationToken)"/> on it only
    /// queues the same blocking pwrite to another pool thread: a hop per 64 KiB written (16,384 per GiB), which woke
    /// and spun thread-pool workers for nothing.</summary>
    public void Write(ReadOnlySpan<byte> data, long offset) => RandomAccess.Write(Handle, data, offset);

    /// <summary>Closes the file (flushing it to the device first when asked) and renames it over the destination.</summary>
    public void Commit(bool flushToDisk)
    {
        SafeFileHandle handle = Handle;
        if (flushToDisk)
        {
            RandomAccess.FlushToDisk(handle);
        }

        handle.Dispose();
        _handle = null;
        File.Move(TempPath, _destinationPath, overwrite: true);
        _committed = true;
    }

    public void Dispose()
    {
        _handle?.Dispose();
        _handle = null;
        if (_committed || _kept)
        {
            return;
        }

        _committed = true;
        try
        {
            File.Delete(TempPath);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.TempFileNotDeleted(_logger, TempPath, e);
        }
    }

    private SafeFileHandle Handle => _handle ?? throw new ObjectDisposedException(nameof(AtomicFileWriter));
}
