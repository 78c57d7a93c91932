using S3TransferManager.Telemetry;

namespace S3TransferManager.Resilience;

/// <summary>
/// Sends a request again when an attempt stalls (<see cref="RequestWatch"/>: its body stopped being sent, or its
/// answer did not come in time), with the budget and jittered delays of a part's resume: the HTTP client's own timeout
/// is minutes long, or none. Used for the requests that are not a download part's body (a part's body gets the same
/// protection from <see cref="Download.ResumableRangeStream"/>): a download's first GET, the HEAD that learns its stored
/// checksum, and every upload request.
/// </summary>
internal static class StallRetry
{
    /// <summary>Sends <paramref name="send"/> until an answer starts within the policy's stall timeout;
    /// <paramref name="onStall"/> hears of each stalled attempt that is retried (its number) before the delay.</summary>
    /// <exception cref="RequestStalledException">No answer started in time on any of the 1 + MaxResumes attempts.</exception>
    public static Task<T> SendAsync<T>(RequestTarget target, Func<CancellationToken, Task<T>> send, ResumePolicy policy,
        Action<int, RequestStalledException> onStall, CancellationToken cancellationToken) =>
        SendAsync(new WatchedRequest(target, policy, answers: null, policy.StallTimeout, bytes: 0, new StallCallback(onStall)),
            watch => send(watch.Token), cancellationToken);

    /// <summary>Sends attempts of <paramref name="request"/> until one answers. Each gets its own
    /// <see cref="RequestWatch"/>, whose token it must use and which it must tell of its body's progress. An attempt
    /// that stalled is awaited (it was canceled, which closes its connection) before the next one is sent, after the
    /// policy's jittered delay (or, when it stalled in a congested endpoint's queue, once the budget has a slot for it:
    /// <see cref="WatchedRequest.Congestion"/>), so two attempts never read one body at once. Any other error ends the
    /// request.</summary>
    /// <exception cref="RequestStalledException">Every attempt the budget allows stalled.</exception>
    public static async Task<T> SendAsync<T>(WatchedRequest request, Func<RequestWatch, Task<T>> send, CancellationToken cancellationToken)
    {
        ResumePolicy policy = request.Policy;
        IAttemptObserver? observer = request.Observer;

        // Why the current attempt is a retry: the previous one's stall; null for the first attempt.
        RequestStalledException? retryOf = null;
        while (true)
        {
            request.Budget.TryTake();
            int attempt = request.Budget.Used;
            RequestStalledException stalled;
            bool congested;
            using (RequestWatch watch = request.Watch(cancellationToken))
            {
                try
                {
                    T answer = await send(watch).ConfigureAwait(false);
                    watch.Answered();
                    if (retryOf is not null)
                    {
                        observer?.RetryEnded(attempt, retryOf, Outcomes.Succeeded);
                    }

                    return answer;
                }
                catch (Exception) when (watch.HasStalled && !cancellationToken.IsCancellationRequested)
                {
                    // Canceled by the watch (the client may report that as a cancellation or as the broken connection).
                    congested = request.Congestion?.Judge(watch.QuietSince) == true;
                    stalled = request.Stalled(watch, congested);
                }
                catch (Exception e) when (retryOf is not null)
                {
                    observer?.RetryEnded(attempt, retryOf, ErrorTypes.IsCancellation(e) ? Outcomes.Canceled : Outcomes.Failed);
                    throw;
                }
            }

            if (retryOf is not null)
            {
                observer?.RetryEnded(attempt, retryOf, Outcomes.Failed);
            }

            bool retry = request.Budget.HasLeft;
            observer?.Stalled(attempt, stalled, retry);
            if (!retry)
            {
                throw stalled;
            }

            retryOf = stalled;
            if (congested && request.WaitForSlot is { } waitForSlot)
            {
                // Queued behind too many of ours: sent again when the budget, cut by the judge, has a slot for it.
                await waitForSlot(cancellationToken).ConfigureAwait(false);
                continue;
            }

            TimeSpan delay = policy.DelayBefore(attempt);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, policy.TimeProvider, cancellationToken).ConfigureAwait(false);
            }
        }
    }
}
