
namespace S3TransferManager.Resilience;

/// <summary>
/// Sends a request again when its answer does not start within the stall timeout, with the budget and delays of a
/// part's resume: the HTTP client's own timeout is minutes long. Used for the requests that are not a part's body (a
/// part's body gets the same protection from <see cref="Download.ResumableRangeStream"/>): a download's first GET, and the HEAD
/// that learns its stored checksum.
/// </summary>
internal static class StallRetry
{
    /// <summary>Sends <paramref name="send"/> until an answer starts in time; <paramref name="onStall"/> hears of each
    /// stalled attempt (its number) before the delay.</summary>
    /// <exception cref="RequestStalledException">No answer started in time on any of the 1 + MaxResumes attempts.</exception>
    public static async Task<T> SendAsync<T>(Func<CancellationToken, Task<T>> send, ResumePolicy policy, Action<int, RequestStalledException> onStall,
        CancellationToken cancellationToken)
    {
        using var stall = new StallGuard(policy.StallTimeout, policy.TimeProvider);
        for (int attempt = 1; ; attempt++)
        {
            CancellationToken token = stall.Arm(cancellationToken);
            try
            {
                return await send(token).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (StallGuard.Stalled(token, cancellationToken))
            {
                // Handled below, once the guard is disarmed.
            }
            finally
            {
                stall.Disarm();
            }

            var stalled = new RequestStalledException($"The answer made no progress for {policy.StallTimeout.TotalSeconds:0.###} s in {attempt} attempt(s).");
            if (attempt > policy.MaxResumes)
            {
                throw stalled;
            }

            onStall(attempt, stalled);
            TimeSpan delay = policy.DelayBefore(attempt);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, policy.TimeProvider, cancellationToken).ConfigureAwait(false);
            }
        }
    }
}
