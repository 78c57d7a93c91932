using System.Diagnostics;

namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>
/// A token bucket for one connection, kept as a "theoretical arrival time": each transfer of n bytes moves it
/// n / rate seconds later, and a caller waits (asynchronously) only when it runs ahead of now by more than the burst.
/// Oversleeping in Task.Delay is paid back by shorter waits later, so the long-run rate stays exact.
/// </summary>
internal sealed class ConnectionThrottle
{
    /// <summary>A 256 KiB burst lets one socket write go through without waiting for each 64 KiB slice.</summary>
    private const long BurstBytes = 256 * 1024;

    private readonly Lock _lock = new();
    private readonly long _bytesPerSecond;
    private readonly long _burstTicks;
    private long _arrivalTicks;

    public ConnectionThrottle(long bytesPerSecond)
    {
        _bytesPerSecond = bytesPerSecond;
        _burstTicks = BurstBytes * Stopwatch.Frequency / bytesPerSecond;
    }

    public Task WaitAsync(int bytes, CancellationToken cancellationToken)
    {
        long now = Stopwatch.GetTimestamp();
        long cost = bytes * Stopwatch.Frequency / _bytesPerSecond;
        long wait;
        lock (_lock)
        {
            _arrivalTicks = Math.Max(_arrivalTicks, now) + cost;
            wait = _arrivalTicks - now - _burstTicks;
        }

        // Below a millisecond Task.Delay cannot help; the debt stays in _arrivalTicks and is paid on a later call.
        long millisecond = Stopwatch.Frequency / 1000;
        return wait < millisecond
            ? Task.CompletedTask
            : Task.Delay(TimeSpan.FromSeconds((double)wait / Stopwatch.Frequency), cancellationToken);
    }
}
