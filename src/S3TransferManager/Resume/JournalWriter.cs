using Microsoft.Extensions.Logging;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Resume;

/// <summary>
/// How a transfer writes its journal while it runs: the header written whole (the journal created, or an earlier run's
/// replaced), records appended while the journal describes this transfer, and at the end the journal kept for a later
/// run or deleted. A write that fails gives the journal up (nothing more is written to it, and it is deleted at the
/// end), so writing it never fails the transfer. Thread-safe.
/// </summary>
/// <param name="path">Where the journal is.</param>
/// <param name="file">The journal an earlier run left, opened and locked for this transfer; null when there was none.</param>
/// <param name="logger">Where a failed write or delete is logged.</param>
/// <param name="removing">What goes with the journal when it is deleted (a download's index entry and temporary file).</param>
internal sealed class JournalWriter(string path, JournalFile? file, ILogger logger, Action? removing = null) : IDisposable
{
    private readonly Lock _gate = new();

    /// <summary>The journal on disk; null before the header is written when there was no earlier journal, and once
    /// closed.</summary>
    private JournalFile? _file = file;

    /// <summary>Whether <see cref="_file"/> describes this transfer (the earlier run it continues, or its own header),
    /// not an earlier one still to be replaced: only then are records added and the journal kept.</summary>
    private bool _current;

    /// <summary>Set once the transfer ended (completed, failed, or disposed): later calls do nothing.</summary>
    private bool _closed;

    public string Path => path;

    /// <summary>Says whether the journal on disk is the earlier run this transfer continues: its next records follow
    /// it, and a failure before any keeps it as it is.</summary>
    public void Continues(bool earlierRun)
    {
        lock (_gate)
        {
            _current = earlierRun;
        }
    }

    /// <summary>Writes <paramref name="header"/> as the whole journal, then runs <paramref name="alongside"/>; false when
    /// either failed or the transfer has ended: it goes on without a journal.</summary>
    public bool WriteHeader(JournalHeader header, Action? alongside = null)
    {
        byte[] line = JournalRecords.Line(header);
        lock (_gate)
        {
            if (_closed)
            {
                return false;
            }

            Write(() =>
            {
                if (_file is null)
                {
                    _file = JournalFile.Create(path, [line]);
                }
                else
                {
                    _file.Replace([line]);
                }

                alongside?.Invoke();
                _current = true;
            });
            return _current;
        }
    }

    /// <summary>Appends a record (<see cref="JournalRecords"/>), while the journal describes this transfer.</summary>
    public void Append(byte[] line)
    {
        lock (_gate)
        {
            if (!_closed && _current && _file is { } journal)
            {
                Write(() => journal.Append(line));
            }
        }
    }

    /// <summary>Ends the transfer after <paramref name="error"/>: the journal stays for the next identical request when
    /// it describes this transfer and the error may pass (<see cref="ResumableFailure"/>); otherwise it is deleted.
    /// Whether it stays.</summary>
    public bool KeepAfter(Exception error, string bucket, string key)
    {
        lock (_gate)
        {
            if (_closed)
            {
                return false;
            }

            _closed = true;
            bool keep = _current && _file is not null && ResumableFailure.IsResumable(error);
            if (keep)
            {
                Log.JournalKept(logger, bucket, key, path, error);
            }
            else
            {
                Remove();
            }

            _file?.Dispose();
            _file = null;
            return keep;
        }
    }

    /// <summary>The transfer completed: the journal is deleted.</summary>
    public void Completed()
    {
        lock (_gate)
        {
            if (!_closed)
            {
                _closed = true;
                Remove();
            }
        }
    }

    /// <summary>Deletes the journal now, with what goes with it, and writes none until a new header: the transfer needs
    /// none.</summary>
    public void Discard()
    {
        lock (_gate)
        {
            Remove();
        }
    }

    public void Dispose()
    {
        lock (_gate)
        {
            _closed = true;
            _file?.Dispose();
            _file = null;
        }
    }

    /// <summary>Deletes the journal and what goes with it; a failure is logged.</summary>
    private void Remove()
    {
        try
        {
            _file?.Delete();
            _file = null;
            _current = false;
            removing?.Invoke();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.JournalDiscardFailed(logger, path, e);
        }
    }

    /// <summary>Runs one write; a failure gives the journal up for the rest of the transfer (it is deleted at its end).</summary>
    private void Write(Action write)
    {
        try
        {
            write();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Log.JournalWriteFailed(logger, path, e);
            _current = false;
        }
    }
}
