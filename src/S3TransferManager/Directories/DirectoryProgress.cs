using System.Runtime.CompilerServices;

namespace S3TransferManager.Directories;

/// <summary>
/// Counts a directory transfer's files and bytes, shared by its workers, and raises its progress one event at a time
/// (under one lock, so a handler never sees counts go back because two workers raced). Bytes moved are those of
/// completed files plus those reported so far by files in flight; a file that fails has its bytes taken back out, so
/// once the transfer ends they are exactly the bytes of the files that completed.
/// </summary>
/// <remarks>Each file keeps what it reported in a <see cref="StrongBox{T}"/> made by <see cref="StartFile"/>; a file's
/// own progress is raised one event at a time, in order, so its box is never written by two threads at once.</remarks>
internal sealed class DirectoryProgress<TArgs>
{
    private readonly DirectoryProgressFactory<TArgs> _create;

    // Raises one event; null when nobody listens (the counts are still kept, for the completed and failed events).
    private readonly Action<TArgs>? _raise;

    // Whether events name the file that raised them; when not, as the AWS SDK's concurrent transfers, null and 0 bytes.
    private readonly bool _nameFiles;

    private readonly Lock _lock = new();

    // Files and bytes the enumeration or listing has produced so far. Interlocked: the producer writes, workers read.
    private long _foundFiles;
    private long _foundBytes;

    // Whether the enumeration or listing reached its end, so the found counts are the totals.
    private volatile bool _foundAll;

    // Whether the totals were counted before the transfer started: then what the enumeration finds is not added again.
    private bool _counted;

    // Files completed, and bytes moved by completed files and files in flight. Guarded by _lock.
    private long _doneFiles;
    private long _movedBytes;

    /// <param name="create">Makes one event's arguments.</param>
    /// <param name="raise">Raises one event; null when nobody listens.</param>
    /// <param name="nameFiles">Whether events name the file that raised them.</param>
    public DirectoryProgress(DirectoryProgressFactory<TArgs> create, Action<TArgs>? raise, bool nameFiles = true)
    {
        _create = create;
        _raise = raise;
        _nameFiles = nameFiles;
    }

    /// <summary>Whether anyone listens, so files need to report their own progress.</summary>
    public bool Listening => _raise is not null;

    /// <summary>Whether events name their file, so the file's name is needed.</summary>
    public bool NamesFiles => _raise is not null && _nameFiles;

    public long DoneFiles
    {
        get
        {
            lock (_lock)
            {
                return _doneFiles;
            }
        }
    }

    public long MovedBytes
    {
        get
        {
            lock (_lock)
            {
                return _movedBytes;
            }
        }
    }

    /// <summary>Files found, or -1 while the enumeration or listing has not reached its end.</summary>
    public long TotalFiles => _foundAll ? Interlocked.Read(ref _foundFiles) : -1;

    /// <summary>Bytes of the files found, or -1 while the enumeration or listing has not reached its end.</summary>
    public long TotalBytes => _foundAll ? Interlocked.Read(ref _foundBytes) : -1;

    public void Found(long bytes)
    {
        if (!_counted)
        {
            Interlocked.Increment(ref _foundFiles);
            Interlocked.Add(ref _foundBytes, bytes);
        }
    }

    public void FoundAll() => _foundAll = true;

    /// <summary>The totals, counted before the transfer started (call before it does): final from the first event.</summary>
    public void Counted(long files, long bytes)
    {
        _counted = true;
        Interlocked.Exchange(ref _foundFiles, files);
        Interlocked.Exchange(ref _foundBytes, bytes);
        _foundAll = true;
    }

    public static StrongBox<long> StartFile() => new(0);

    /// <summary>A file in flight reported progress. Its final report (all its bytes) raises nothing: the event that
    /// counts it as completed follows, once the file is really done (renamed into place, or the object stored).</summary>
    public void Moved(StrongBox<long> file, string? path, long fileMoved, long fileLength)
    {
        lock (_lock)
        {
            _movedBytes += fileMoved - file.Value;
            file.Value = fileMoved;
            if (fileMoved != fileLength)
            {
                RaiseLocked(path, fileMoved, fileLength);
            }
        }
    }

    public void Completed(StrongBox<long> file, string? path, long fileLength)
    {
        lock (_lock)
        {
            _movedBytes += fileLength - file.Value;
            file.Value = fileLength;
            _doneFiles++;
            try
            {
                RaiseLocked(path, fileLength, fileLength);
            }
            catch
            {
                // The handler's exception fails the file (the caller then calls Failed, which takes its bytes out):
                // it must not stay counted as done.
                _doneFiles--;
                throw;
            }
        }
    }

    public void Failed(StrongBox<long> file)
    {
        lock (_lock)
        {
            _movedBytes -= file.Value;
            file.Value = 0;
        }
    }

    private void RaiseLocked(string? path, long fileMoved, long fileLength)
    {
        if (_raise is null)
        {
            return;
        }

        _raise(_nameFiles
            ? _create(Saturate(_doneFiles), Saturate(Interlocked.Read(ref _foundFiles)), _movedBytes, Interlocked.Read(ref _foundBytes), path,
                fileMoved, fileLength)
            : _create(Saturate(_doneFiles), Saturate(Interlocked.Read(ref _foundFiles)), _movedBytes, Interlocked.Read(ref _foundBytes), null,
                0, 0));
    }

    private static int Saturate(long count) => (int)Math.Min(count, int.MaxValue);
}
