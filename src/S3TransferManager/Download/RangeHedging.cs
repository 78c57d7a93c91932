using System.Diagnostics.CodeAnalysis;
using Amazon.S3.Model;
using S3TransferManager.Resilience;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Download;

/// <summary>
/// Sends a download part's ranged GETs, learning how long their response headers take (<see cref="AnswerTimes"/>)
/// and, when hedging is on, hedging a slow one: a GET with no headers for well past the usual time
/// (<see cref="AnswerTimes.HedgeAfter"/>) gets a second, identical GET alongside, on another slot of the request budget;
/// the first response is kept, the other GET canceled and its response, if it came anyway, disposed.
/// </summary>
internal sealed class RangeHedging(TransferLane lane, AnswerTimes answers, TimeProvider time, bool enabled)
{
    /// <summary>The utility's GETs' answer times: the bound after which one counts as stalled.</summary>
    public AnswerTimes Answers => answers;

    /// <summary>GETs bytes <paramref name="start"/>..<paramref name="end"/>; <paramref name="mayHedge"/> says whether
    /// the part has an attempt to spare. Returns the response and whether a hedge was sent.</summary>
    public async Task<(GetObjectResponse Response, bool Hedged)> GetAsync(RangeRequester requester, long start, long end, RequestLease? lease,
        bool mayHedge, PartScope telemetry, CancellationToken cancellationToken)
    {
        long sentAt = time.GetTimestamp();
        if (!enabled || !mayHedge || answers.HedgeAfter(0) is not { } after)
        {
            GetObjectResponse only = await requester.GetAsync(start, end, cancellationToken).ConfigureAwait(false);
            answers.Record(time.GetElapsedTime(sentAt), 0);
            return (only, false);
        }

        using var primaryStop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        Task<GetObjectResponse> primary = requester.GetAsync(start, end, primaryStop.Token).AsTask();
        RequestLease? slot = await SlotIfSlowAsync(primary, after, lease, cancellationToken).ConfigureAwait(false);
        if (slot is null)
        {
            GetObjectResponse response = await primary.ConfigureAwait(false);
            answers.Record(time.GetElapsedTime(sentAt), 0);
            return (response, false);
        }

        using (slot)
        {
            using var hedgeStop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            long hedgedAt = time.GetTimestamp();
            TransferMetrics.RequestSent(RpcMethods.GetObject, requester.Target.BucketName);
            Task<GetObjectResponse> hedge = requester.GetAsync(start, end, hedgeStop.Token).AsTask();
            Task<GetObjectResponse> first = await Task.WhenAny(primary, hedge).ConfigureAwait(false);
            Task<GetObjectResponse> other = first == primary ? hedge : primary;
            if (!first.IsCompletedSuccessfully)
            {
                // The first to end failed: the other may still answer.
                await ((Task)other).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
                (first, other) = other.IsCompletedSuccessfully ? (other, first) : (primary, hedge);
            }

            await (first == primary ? hedgeStop : primaryStop).CancelAsync().ConfigureAwait(false);
            await ((Task)other).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            if (other != first && other.IsCompletedSuccessfully)
            {
                // Answered as it was canceled: its body is not read.
                (await other.ConfigureAwait(false)).Dispose();
            }

            string outcome = !first.IsCompletedSuccessfully ? (cancellationToken.IsCancellationRequested ? Outcomes.Canceled : Outcomes.Failed)
                : first == hedge ? Outcomes.Won : Outcomes.Lost;
            TransferMetrics.Hedged(RpcMethods.GetObject, requester.Target.BucketName, outcome);
            TransferActivities.AddEvent(telemetry.Span, TransferActivities.HedgeEvent, RpcMethods.GetObject, outcome, 2);
            GetObjectResponse response = await first.ConfigureAwait(false);
            answers.Record(time.GetElapsedTime(first == hedge ? hedgedAt : sentAt), 0);
            return (response, true);
        }
    }

    /// <summary>A slot for a hedge once <paramref name="primary"/> has had no answer for <paramref name="after"/>: one
    /// at hand, or the transfer's next turn; null when the primary answers (or fails) first.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease is the return value: the caller owns and disposes it.")]
    private async Task<RequestLease?> SlotIfSlowAsync(Task primary, TimeSpan after, RequestLease? lease, CancellationToken cancellationToken)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        Task delay = Task.Delay(after, time, stop.Token);
        if (await Task.WhenAny(primary, delay).ConfigureAwait(false) == primary || !delay.IsCompletedSuccessfully)
        {
            await stop.CancelAsync().ConfigureAwait(false);
            return null;
        }

        if (lane.TryAcquireFollowing(lease) is { } atHand)
        {
            return atHand;
        }

        // The hedge fetches the range again: it costs what the primary does.
        Task<RequestLease> turn = lane.AcquireAsync(lease?.Cost ?? RequestCost.Control, stop.Token).AsTask();
        if (await Task.WhenAny(primary, turn).ConfigureAwait(false) == turn && turn.IsCompletedSuccessfully && !primary.IsCompleted)
        {
            return await turn.ConfigureAwait(false);
        }

        await stop.CancelAsync().ConfigureAwait(false);
        await ((Task)turn).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (turn.IsCompletedSuccessfully)
        {
            (await turn.ConfigureAwait(false)).Dispose();
        }

        return null;
    }
}
