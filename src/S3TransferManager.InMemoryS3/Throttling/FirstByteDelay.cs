namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>
/// The S3-like profile's delay before the first response byte of one request, waited at most once: either when the
/// response starts (a body being written) or, for a response without a body, by the router before it ends the request,
/// so the wait falls inside the window the in-flight counters see in both cases.
/// </summary>
internal sealed class FirstByteDelay(TimeSpan delay)
{
    private int _waited;

    /// <summary>The delay the first time; a completed task after that.</summary>
    public Task WaitOnceAsync(CancellationToken cancellationToken = default) =>
        Interlocked.Exchange(ref _waited, 1) == 0 ? Task.Delay(delay, cancellationToken) : Task.CompletedTask;
}
