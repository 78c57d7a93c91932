namespace S3TransferManager.Internal;

/// <summary>
/// Adds up bytes moved by concurrent workers and raises progress one event at a time, so a subscriber sees
/// <see cref="TransferProgressArgs.TransferredBytes"/> strictly increasing. Costs one interlocked add when nobody listens.
/// </summary>
internal sealed class ProgressTracker
{
    private readonly Action<TransferProgressArgs>? _raise;
    private readonly Lock _lock = new();
    private long _transferred;
    private long _total = -1;

    public ProgressTracker(Action<TransferProgressArgs>? raise) => _raise = raise;

    public long TransferredBytes => Interlocked.Read(ref _transferred);

    public void SetTotal(long totalBytes) => Volatile.Write(ref _total, totalBytes);

    public void Add(long bytes)
    {
        if (_raise is null)
        {
            Interlocked.Add(ref _transferred, bytes);
            return;
        }

        lock (_lock)
        {
            _transferred += bytes;
            _raise(new TransferProgressArgs(bytes, _transferred, _total));
        }
    }

    /// <summary>Raises the final event of a transfer that moved no bytes (an empty object), so even that one ends at 100%.</summary>
    public void CompleteEmpty()
    {
        if (_raise is not null && TransferredBytes == 0)
        {
            lock (_lock)
            {
                _raise(new TransferProgressArgs(0, 0, _total));
            }
        }
    }
}
