using System.Diagnostics.CodeAnalysis;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Resilience;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Upload;

/// <summary>
/// Hedges an UploadPart: when its body was sent and no answer came for well past the usual time
/// (<see cref="AnswerTimes.HedgeAfter"/>), a second, identical attempt is sent alongside on another slot of the request
/// budget, reading the part's bytes through its own view (<see cref="PartViews"/>); the first answer is kept and the
/// other attempt canceled. The hedge takes one of the part's attempts, and is watched for stalls like any attempt.
/// Both attempts have ended before the race returns, so the part's buffers are never returned while one still reads them.
/// </summary>
internal sealed class PartHedge(TransferResources resources, TransferLane lane, int passes)
{
    private readonly IAmazonS3 _client = resources.Client;
    private readonly AnswerTimes _answers = resources.Answers.Uploads;
    private readonly TimeProvider _time = resources.TimeProvider;
    private readonly ILogger _logger = resources.Logger;

    /// <summary>The answer of <paramref name="primary"/> (an attempt watched by <paramref name="watch"/>), or of a hedge
    /// sent alongside it when it is slow, whichever comes first.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The hedge's slot is disposed in the finally block, on every path.")]
    public async Task<UploadPartResponse> RaceAsync(PartAttempts part, RequestWatch watch, Task<UploadPartResponse> primary)
    {
        PartBody body = part.Part;
        Stream? view = null;
        RequestLease? slot = null;
        TimeSpan waited = TimeSpan.Zero;
        try
        {
            using (var waiting = CancellationTokenSource.CreateLinkedTokenSource(part.Token))
            {
                Task<TimeSpan> due = DueAsync(watch, body.Length, waiting.Token);
                bool slow = await Task.WhenAny(primary, due).ConfigureAwait(false) == due && due.IsCompletedSuccessfully;
                waited = slow ? await due.ConfigureAwait(false) : waited;
                slot = slow ? lane.TryAcquireFollowing(part.Lease.Lease) ?? await SlotUnlessAnsweredAsync(primary, body.Length, waiting).ConfigureAwait(false) : null;
                await waiting.CancelAsync().ConfigureAwait(false);
            }

            if (slot is null || primary.IsCompleted || (view = PartViews.Open(body.Content)) is null || !part.Request.Budget.TryTake())
            {
                return await primary.ConfigureAwait(false);
            }

            Log.RequestHedged(_logger, RpcMethods.UploadPart, part.Request.Target.BucketName, part.Request.Target.Key, body.PartNumber, waited);
            using RequestWatch hedgeWatch = part.Request.Watch(part.Token);
            using var hedgeBody = new SentBodyStream(view, passes, static () => { }, null, hedgeWatch, alreadySent: body.Length, bandwidth: resources.Bandwidth);
            TransferMetrics.RequestSent(RpcMethods.UploadPart, part.Request.Target.BucketName);
            Task<UploadPartResponse> hedge = _client.UploadPartAsync(part.Build(hedgeBody), hedgeWatch.Token);
            return await FirstAnswerAsync(part, primary, watch, hedge, hedgeWatch).ConfigureAwait(false);
        }
        finally
        {
            slot?.Dispose();
            view?.Dispose();
        }
    }

    /// <summary>Waits for the first successful answer, cancels the other attempt and waits for it to end. When both
    /// fail, the primary's error is thrown (a stall of its own is then retried).</summary>
    private async Task<UploadPartResponse> FirstAnswerAsync(PartAttempts part, Task<UploadPartResponse> primary, RequestWatch primaryWatch,
        Task<UploadPartResponse> hedge, RequestWatch hedgeWatch)
    {
        Task<UploadPartResponse> first = await Task.WhenAny(primary, hedge).ConfigureAwait(false);
        Task<UploadPartResponse> winner = first.IsCompletedSuccessfully ? first : await SecondChanceAsync(first == primary ? hedge : primary).ConfigureAwait(false) ?? primary;
        Task<UploadPartResponse> loser = winner == primary ? hedge : primary;
        (winner == primary ? hedgeWatch : primaryWatch).Abandon();
        await ((Task)loser).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        string outcome = !winner.IsCompletedSuccessfully
            ? (part.Token.IsCancellationRequested ? Outcomes.Canceled : Outcomes.Failed)
            : winner == hedge ? Outcomes.Won : hedge.IsCompletedSuccessfully || hedge.IsCanceled ? Outcomes.Lost : Outcomes.Failed;
        if (outcome == Outcomes.Won)
        {
            hedgeWatch.Answered();
        }

        TransferMetrics.Hedged(RpcMethods.UploadPart, part.Request.Target.BucketName, outcome);
        TransferActivities.AddEvent(part.Span, TransferActivities.HedgeEvent, RpcMethods.UploadPart, outcome, part.Request.Budget.Used);
        return await winner.ConfigureAwait(false);
    }

    /// <summary>The other attempt, once it ended, when it answered; null when it failed too.</summary>
    private static async Task<Task<UploadPartResponse>?> SecondChanceAsync(Task<UploadPartResponse> other)
    {
        await ((Task)other).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        return other.IsCompletedSuccessfully ? other : null;
    }

    /// <summary>A slot in the transfer's turn, unless the primary answers first (then null).</summary>
    private async Task<RequestLease?> SlotUnlessAnsweredAsync(Task primary, long bytes, CancellationTokenSource stop)
    {
        // The hedge sends the part's bytes again: it costs what the part does.
        Task<RequestLease> slot = lane.AcquireAsync(RequestCost.Data(bytes), stop.Token).AsTask();
        if (await Task.WhenAny(primary, slot).ConfigureAwait(false) == slot && slot.IsCompletedSuccessfully)
        {
            return await slot.ConfigureAwait(false);
        }

        await stop.CancelAsync().ConfigureAwait(false);
        await ((Task)slot).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        // Granted just as the primary answered: given back.
        if (slot.IsCompletedSuccessfully)
        {
            (await slot.ConfigureAwait(false)).Dispose();
        }

        return null;
    }

    /// <summary>Completes once the body was sent and then no answer came for the learned hedge wait (taken when the
    /// body was sent, from every answer seen by then); never when too few answers were seen.</summary>
    private async Task<TimeSpan> DueAsync(RequestWatch watch, long bytes, CancellationToken cancellationToken)
    {
        await watch.WhenSent().WaitAsync(cancellationToken).ConfigureAwait(false);
        TimeSpan after = _answers.HedgeAfter(bytes) ?? Timeout.InfiniteTimeSpan;
        await Task.Delay(after, _time, cancellationToken).ConfigureAwait(false);
        return after;
    }
}
