using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Logging;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Requests;

/// <summary>
/// Hedges a slow call, a GET's or an UploadPart's alike: when an attempt's body was sent (at once, for a GET) and no
/// answer came for well past the usual time (<see cref="AnswerTimes.HedgeAfter"/>), a second, identical attempt goes out
/// alongside, on another slot of the budget (one at hand, or the transfer's next turn) and reading its own view of the
/// bytes; the first answer is kept, and the other attempt is cancelled, awaited, and its answer, if it came anyway,
/// disposed. The hedge takes one of the call's attempts and is watched like any attempt. Both attempts have ended
/// before the race returns, so a part's buffers are never let go while one still reads them.
/// </summary>
internal sealed class Hedge(TransferResources resources)
{
    private readonly LearnedAnswers _answers = resources.Answers;
    private readonly TimeProvider _time = resources.TimeProvider;
    private readonly ILogger _logger = resources.Logger;

    /// <summary>The answer of <paramref name="primary"/> (the attempt <paramref name="watch"/> watches), or of a hedge
    /// sent alongside it when it is slow, whichever comes first.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The hedge's slot is disposed on every path once the race is over.")]
    public async Task<T> RaceAsync<T>(CallSpec spec, Task<T> primary, RequestWatch watch, HeldLease slot, AttemptBudget budget,
        Func<RequestWatch, bool, Task<T>?> attempt, Func<RequestWatch> newWatch)
    {
        AnswerTimes answers = spec.Kind == RequestKind.Get ? _answers.RangedGets : _answers.Uploads;
        RequestLease? second = null;
        TimeSpan waited = TimeSpan.Zero;
        using (var waiting = new CancellationTokenSource())
        {
            Task<TimeSpan> due = DueAsync(watch, answers, spec.Bytes, waiting.Token);
            if (await Task.WhenAny(primary, due).ConfigureAwait(false) == due && due.IsCompletedSuccessfully)
            {
                waited = await due.ConfigureAwait(false);
                second = slot.Lane.TryAcquireFollowing(slot.Lease) ?? await SlotUnlessAnsweredAsync(primary, slot, waiting).ConfigureAwait(false);
            }

            await waiting.CancelAsync().ConfigureAwait(false);
        }

        using (second)
        {
            if (second is null || primary.IsCompleted || !budget.TryTake())
            {
                return await primary.ConfigureAwait(false);
            }

            using RequestWatch hedgeWatch = newWatch();
            TransferMetrics.RequestSent(spec.Target.Operation, spec.Target.BucketName);
            if (attempt(hedgeWatch, true) is not { } hedge)
            {
                budget.GiveBack();
                return await primary.ConfigureAwait(false);
            }

            Log.RequestHedged(_logger, spec.Target.Operation, spec.Target.BucketName, spec.Target.Key, spec.Target.PartNumber ?? 0, waited);
            return await FirstAnswerAsync(spec, budget, primary, watch, hedge, hedgeWatch).ConfigureAwait(false);
        }
    }

    /// <summary>Waits for the first successful answer, cancels the other attempt and waits for it to end (disposing its
    /// answer if it came anyway). When both fail, the primary's error is thrown (a stall of its own is then retried).</summary>
    private static async Task<T> FirstAnswerAsync<T>(CallSpec spec, AttemptBudget budget, Task<T> primary, RequestWatch primaryWatch, Task<T> hedge,
        RequestWatch hedgeWatch)
    {
        Task<T> first = await Task.WhenAny(primary, hedge).ConfigureAwait(false);
        Task<T> winner = first.IsCompletedSuccessfully ? first : await SecondChanceAsync(first == primary ? hedge : primary).ConfigureAwait(false) ?? primary;
        Task<T> loser = winner == primary ? hedge : primary;
        (winner == primary ? hedgeWatch : primaryWatch).Abandon();
        await ((Task)loser).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (loser.IsCompletedSuccessfully)
        {
            // Answered as it was cancelled: its body, if any, is not read.
            (loser.Result as IDisposable)?.Dispose();
        }

        string outcome = !winner.IsCompletedSuccessfully
            ? (primaryWatch.Token.IsCancellationRequested && !primaryWatch.HasStalled ? Outcomes.Canceled : Outcomes.Failed)
            : winner == hedge ? Outcomes.Won : hedge.IsCompletedSuccessfully || hedge.IsCanceled ? Outcomes.Lost : Outcomes.Failed;
        if (outcome == Outcomes.Won)
        {
            hedgeWatch.Answered();
        }

        TransferMetrics.Hedged(spec.Target.Operation, spec.Target.BucketName, outcome);
        TransferActivities.AddEvent(spec.Span, TransferActivities.HedgeEvent, spec.Target.Operation, outcome, budget.Used);
        return await winner.ConfigureAwait(false);
    }

    /// <summary>The other attempt, once it ended, when it answered; null when it failed too.</summary>
    private static async Task<Task<T>?> SecondChanceAsync<T>(Task<T> other)
    {
        await ((Task)other).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        return other.IsCompletedSuccessfully ? other : null;
    }

    /// <summary>A slot in the transfer's turn, unless the primary answers first (then null).</summary>
    private static async Task<RequestLease?> SlotUnlessAnsweredAsync(Task primary, HeldLease slot, CancellationTokenSource stop)
    {
        // The hedge moves the call's bytes again: it costs what the call does.
        Task<RequestLease> turn = slot.Lane.AcquireAsync(slot.Cost, stop.Token).AsTask();
        if (await Task.WhenAny(primary, turn).ConfigureAwait(false) == turn && turn.IsCompletedSuccessfully && !primary.IsCompleted)
        {
            return await turn.ConfigureAwait(false);
        }

        await stop.CancelAsync().ConfigureAwait(false);
        await ((Task)turn).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (turn.IsCompletedSuccessfully)
        {
            // Granted just as the primary answered: given back.
            (await turn.ConfigureAwait(false)).Dispose();
        }

        return null;
    }

    /// <summary>Completes once the body was sent and then no answer came for the learned hedge wait (taken when the
    /// body was sent, from every answer seen by then); never when too few answers were seen.</summary>
    private async Task<TimeSpan> DueAsync(RequestWatch watch, AnswerTimes answers, long bytes, CancellationToken cancellationToken)
    {
        await watch.WhenSent().WaitAsync(cancellationToken).ConfigureAwait(false);
        TimeSpan after = answers.HedgeAfter(bytes) ?? Timeout.InfiniteTimeSpan;
        await Task.Delay(after, _time, cancellationToken).ConfigureAwait(false);
        return after;
    }
}
