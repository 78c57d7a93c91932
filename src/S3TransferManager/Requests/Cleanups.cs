namespace S3TransferManager.Requests;

/// <summary>
/// The cleanup a transfer left running when it returned: a cancelled transfer returns at once, and the abort of its
/// multipart upload (or of one whose Create answers late) goes on here, each bounded by its own limit.
/// <see cref="TransferUtility.Dispose"/> waits for them, so a caller that disposes the utility after a cancelled
/// upload leaves no open multipart upload.
/// </summary>
/// <remarks>Thread-safe: a set of tasks under a lock; a task leaves it when it ends.</remarks>
internal sealed class Cleanups
{
    private readonly Lock _lock = new();
    private readonly HashSet<Task> _running = [];

    /// <summary>Keeps <paramref name="cleanup"/> until it ends. It must never throw (its errors are logged where they
    /// happen); one that does is observed here.</summary>
    public void Track(Task cleanup)
    {
        lock (_lock)
        {
            if (!cleanup.IsCompleted)
            {
                _running.Add(cleanup);
            }
        }

        _ = cleanup.ContinueWith(static (ended, self) =>
        {
            _ = ended.Exception;
            var cleanups = (Cleanups)self!;
            lock (cleanups._lock)
            {
                cleanups._running.Remove(ended);
            }
        }, this, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
    }

    /// <summary>Completes when every cleanup running now has ended, or after <paramref name="limit"/>.</summary>
    public Task WhenDoneAsync(TimeSpan limit, TimeProvider time)
    {
        Task[] running;
        lock (_lock)
        {
            running = [.. _running];
        }

        return running.Length == 0 ? Task.CompletedTask : Task.WhenAll(running).WaitAsync(limit, time);
    }
}
