namespace S3TransferManager.Resilience;

/// <summary>An <see cref="IAttemptObserver"/> that passes each stall that is retried to one callback (its attempt
/// number), and nothing else: what a download's first GET and its checksum HEAD need.</summary>
internal sealed class StallCallback(Action<int, RequestStalledException> onStall) : IAttemptObserver
{
    public void Stalled(int attempt, RequestStalledException stall, bool retried)
    {
        if (retried)
        {
            onStall(attempt, stall);
        }
    }

    public void RetryEnded(int attempt, Exception reason, string outcome)
    {
    }
}
