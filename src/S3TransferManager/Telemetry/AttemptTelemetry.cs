using System.Diagnostics;
using Microsoft.Extensions.Logging;
using S3TransferManager.Requests;

namespace S3TransferManager.Telemetry;

/// <summary>
/// What one request's stalls and retries leave behind: a warning for each stall that is retried, the
/// <c>s3transfermanager.stalls</c> and <c>.retries</c> counters (by method, phase and outcome), and span events on the
/// part's span (<paramref name="span"/>) or, for a request that is not a part's, on the transfer's.
/// </summary>
internal sealed class AttemptTelemetry(ILogger logger, RequestTarget target, int maxAttempts, Activity? span = null) : IAttemptObserver
{
    public void Stalled(int attempt, RequestStalledException stall, bool retried)
    {
        string phase = stall.WhileSending ? TelemetryTags.Sending : TelemetryTags.Waiting;
        if (retried)
        {
            Log.RequestStalled(logger, target.Operation, target.BucketName, target.Key, target.PartNumber ?? 0, phase, stall.StalledFor,
                attempt + 1, maxAttempts);
        }

        string outcome = retried ? Outcomes.Retried : Outcomes.GaveUp;
        TransferMetrics.Stalled(target.Operation, target.BucketName, stall.WhileSending, outcome);
        TransferActivities.AddEvent(TransferActivities.EventTarget(span), TransferActivities.StallEvent, target.Operation, outcome, attempt,
            TelemetryTags.StallPhase, phase);
    }

    public void RetryEnded(int attempt, Exception reason, string outcome)
    {
        TransferMetrics.Retried(target.Operation, target.BucketName, reason, outcome);
        TransferActivities.AddEvent(TransferActivities.EventTarget(span), TransferActivities.RetryEvent, target.Operation, outcome, attempt);
    }
}
