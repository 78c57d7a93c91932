using Microsoft.Extensions.Logging;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Download;

/// <summary>How one download reads its parts' bodies (<see cref="ResumableRangeStream"/>): the same for every part.</summary>
/// <param name="Requester">Sends the GET for a part's range, and for the rest of it on every resume, pinned to the
/// object's ETag.</param>
/// <param name="Policy">How often, after which delays, and after how long a silence a body is resumed (its clock is a
/// fake one in tests, so backoff and stalls cost no real time).</param>
/// <param name="Logger">Where resumes are logged.</param>
/// <param name="Lookahead">The download's estimate of when to send the next part's request, which every body's timing
/// feeds; null: the bodies are not timed, and no next request goes out early.</param>
/// <param name="Bandwidth">The utility's bandwidth cap, which every byte read waits for; null: no cap.</param>
/// <param name="Lane">The download's turns of the request budget, where a part's slot is traded for the next one when
/// its GET stalled in a congested endpoint's queue; null: the parts hold no slot.</param>
/// <param name="Activity">Hears of every byte read (the endpoint is alive); null: nobody.</param>
/// <param name="Hedged">Whether a part's slow GET gets a second one alongside (when the utility hedges).</param>
internal sealed record PartBodyReading(RangeRequester Requester, RetryPolicy Policy, ILogger Logger, LookaheadEstimate? Lookahead = null,
    BandwidthLimiter? Bandwidth = null, TransferLane? Lane = null, EndpointActivity? Activity = null, bool Hedged = true);
