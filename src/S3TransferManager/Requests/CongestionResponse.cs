using S3TransferManager.Scheduling;

namespace S3TransferManager.Requests;

/// <summary>
/// What a request does when its attempt stalled while the endpoint went on answering the utility's other requests
/// (<see cref="EndpointActivity"/>): it was waiting in the endpoint's queue, behind too many of ours, so sending it again
/// at once would only put it at the back of that queue. The automatic budget is cut as for a 503 SlowDown
/// (<see cref="ConcurrencyTuner.OnCongested"/>), and the retry waits for a slot of the budget, which the cut makes it
/// wait for until the requests in flight have come down: a retry never raises the requests in flight.
/// </summary>
/// <param name="Activity">When the endpoint last answered any of the utility's requests.</param>
/// <param name="Tuner">The automatic budget to cut; null for a fixed budget.</param>
internal sealed record CongestionResponse(EndpointActivity Activity, ConcurrencyTuner? Tuner)
{
    /// <summary>Whether an attempt quiet since <paramref name="quietSince"/> stalled in a congested endpoint's queue.
    /// When it did, the budget is cut.</summary>
    public bool Judge(long quietSince)
    {
        if (!Activity.AnsweredOthersSince(quietSince))
        {
            return false;
        }

        Tuner?.OnCongested();
        return true;
    }
}
