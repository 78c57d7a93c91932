using Amazon.S3;
using Microsoft.Extensions.Logging;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Requests;

/// <summary>
/// Sends one S3 call as its <see cref="CallSpec"/> says, the same way for every call of the library: it takes the
/// call's slot of the budget; watches each attempt (<see cref="RequestWatch"/>: the body against the stall timeout, the
/// answer against its kind's bound); counts it; sends a stalled attempt again, after the policy's jittered delay or,
/// when it stalled in a congested endpoint's queue, once the budget (cut meanwhile) has a slot for it; hedges a slow
/// answer where asked (<see cref="Hedge"/>); and turns S3's answers into the library's errors (<see cref="S3Errors"/>).
/// An attempt that stalled is awaited before the next one goes (it was cancelled, which closes its connection), so
/// two attempts never read one body at once, save a hedge, which reads its own view.
/// </summary>
internal sealed class RequestSender
{
    private readonly TransferResources _resources;
    private readonly RetryPolicy _policy;
    private readonly ILogger _logger;

    /// <summary>Sends a second attempt alongside a slow one; null when hedging is off.</summary>
    private readonly Hedge? _hedge;

    /// <summary>Hears of every call's stalls and retries instead of its telemetry (tests); null: the telemetry.</summary>
    private readonly IAttemptObserver? _observer;

    public RequestSender(TransferResources resources, IAttemptObserver? observer = null)
    {
        _resources = resources;
        _observer = observer;
        _policy = resources.RetryPolicy;
        _logger = resources.Logger;
        _hedge = resources.Config.HedgeSlowRequests ? new Hedge(resources) : null;
    }

    /// <summary>Sends attempts of the call until one answers; <paramref name="attempt"/> sends one, with the watch's
    /// token, and, for a request with a body, tells the watch of its progress. Its flag says the attempt is a hedge;
    /// it returns null only for a hedge that cannot be sent.</summary>
    /// <exception cref="RequestStalledException">Every attempt allowed stalled (a download part's GET:
    /// <see cref="PartDownloadException"/> around it).</exception>
    /// <exception cref="ObjectModifiedException">S3 refused the ETag the call is pinned to.</exception>
    public async Task<T> SendAsync<T>(CallSpec spec, Func<RequestWatch, bool, Task<T>?> attempt, CancellationToken cancellationToken)
    {
        HeldLease? taken = spec.Slot.Lane is { } lane
            ? new HeldLease(lane, await lane.AcquireAsync(spec.Slot.Cost, cancellationToken).ConfigureAwait(false))
            : null;
        try
        {
            return await AttemptsAsync(spec, spec.Slot.Held ?? taken, attempt, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (S3Errors.RefusedPin(e, spec))
        {
            throw S3Errors.RefusedPin(spec, e);
        }
        finally
        {
            taken?.Dispose();
        }
    }

    private async Task<T> AttemptsAsync<T>(CallSpec spec, HeldLease? slot, Func<RequestWatch, bool, Task<T>?> attempt, CancellationToken cancellationToken)
    {
        AttemptBudget budget = spec.Attempts ?? new AttemptBudget(spec.Kind == RequestKind.Complete ? 1 : 1 + _policy.MaxResumes);
        IAttemptObserver observer = _observer ?? new AttemptTelemetry(_logger, spec.Target, budget.Allowed, spec.Span);
        // Why the current attempt is a retry: the previous one's stall; null for the first attempt.
        RequestStalledException? retryOf = null;
        while (true)
        {
            budget.TryTake();
            int number = budget.Used;
            RequestStalledException stalled;
            bool congested;
            using (RequestWatch watch = Watch(spec, cancellationToken))
            {
                try
                {
                    T answer = await AttemptAsync(spec, slot, budget, attempt, watch, cancellationToken).ConfigureAwait(false);
                    watch.Answered();
                    if (retryOf is not null)
                    {
                        observer.RetryEnded(number, retryOf, Outcomes.Succeeded);
                    }

                    return answer;
                }
                catch (Exception) when (watch.HasStalled && !cancellationToken.IsCancellationRequested)
                {
                    // Cancelled by the watch (the client may report that as a cancellation or as the broken connection).
                    congested = _resources.Congestion.Judge(watch.QuietSince);
                    stalled = new RequestStalledException(spec.Target.Operation, spec.Target.BucketName, spec.Target.Key, spec.Target.PartNumber,
                        watch.StalledFor, budget.Used, watch.StalledWhileSending, congested);
                }
                catch (Exception e) when (retryOf is not null)
                {
                    observer.RetryEnded(number, retryOf, ErrorTypes.IsCancellation(e) ? Outcomes.Canceled : Outcomes.Failed);
                    throw;
                }
            }

            if (retryOf is not null)
            {
                observer.RetryEnded(number, retryOf, Outcomes.Failed);
            }

            bool retry = budget.HasLeft;
            observer.Stalled(number, stalled, retry);
            if (!retry)
            {
                throw S3Errors.Stalled(spec, stalled);
            }

            retryOf = stalled;
            if (congested && slot is not null)
            {
                // Queued behind too many of ours: sent again when the budget, cut by the judge, has a slot for it.
                await slot.RequeueAsync(cancellationToken).ConfigureAwait(false);
                continue;
            }

            TimeSpan delay = _policy.DelayBefore(number);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, _policy.TimeProvider, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>One attempt (and its hedge, when asked for), ended by the watch's token even where the client does not
    /// honour it, for a call without a body: such a call's late answer, if one comes, is let go.</summary>
    private Task<T> AttemptAsync<T>(CallSpec spec, HeldLease? slot, AttemptBudget budget, Func<RequestWatch, bool, Task<T>?> attempt,
        RequestWatch watch, CancellationToken cancellationToken)
    {
        TransferMetrics.RequestSent(spec.Target.Operation, spec.Target.BucketName);
        Task<T> primary = attempt(watch, false)!;
        if (spec.Hedged && _hedge is not null && slot is not null)
        {
            return _hedge.RaceAsync(spec, primary, watch, slot, budget, attempt, () => Watch(spec, cancellationToken));
        }

        // A body being read must not be let go while the client reads it: such a call ends when the client says.
        return spec.Bytes > 0 && spec.Kind == RequestKind.Upload ? primary : UnlessAbandonedAsync(primary, watch.Token);
    }

    /// <summary>A watch for one attempt of <paramref name="spec"/>: its kind's answer bound, learned or fixed.</summary>
    private RequestWatch Watch(in CallSpec spec, CancellationToken cancellationToken)
    {
        TimeSpan stall = _policy.StallTimeout;
        LearnedAnswers answers = _resources.Answers;
        (AnswerTimes? learned, TimeSpan fixedBound) = spec.Kind switch
        {
            RequestKind.Get => (answers.RangedGets, stall),
            RequestKind.Upload => (answers.Uploads, stall),
            RequestKind.Quick => (answers.Quick, stall),
            RequestKind.Copy => (null, AnswerBounds.CopyBound(stall, spec.Bytes)),
            RequestKind.Complete => (null, stall == Timeout.InfiniteTimeSpan ? stall : _resources.Tuning.CompleteAnswerLimit),
            _ => ((AnswerTimes?)null, stall),
        };
        return new RequestWatch(_policy.TimeProvider, stall, learned, fixedBound, spec.Kind == RequestKind.Upload ? spec.Bytes : 0, cancellationToken,
            _resources.Activity);
    }

    private static async Task<T> UnlessAbandonedAsync<T>(Task<T> call, CancellationToken token)
    {
        try
        {
            return await call.WaitAsync(token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!call.IsCompleted)
        {
            // The AWS SDK's client stops when asked, closing its connection a moment later: that moment is waited for, so
            // a cancelled transfer returns with no request of its own still open. A client that does not stop (a mock, a
            // wrapper) is not waited for longer: its answer, if one comes, is let go.
            await Task.WhenAny(call, Task.Delay(TransferLimits.CancelGrace, TimeProvider.System, CancellationToken.None)).ConfigureAwait(false);
            _ = call.ContinueWith(static late =>
            {
                if (late.IsCompletedSuccessfully)
                {
                    (late.Result as IDisposable)?.Dispose();
                }
                else
                {
                    _ = late.Exception;
                }
            }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            throw;
        }
    }
}
