using Microsoft.Extensions.Logging;
using S3TransferManager.Resilience;
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
/// <param name="Hedging">Sends the GETs, learning how long their headers take, and hedges a slow one when hedging is on;
/// null: each GET is sent alone and not timed.</param>
/// <param name="Bandwidth">The utility's bandwidth cap, which every byte read waits for; null: no cap.</param>
/// <param name="Lane">The download's turns of the request budget, where a part whose GET stalled in a congested
/// endpoint's queue waits for a slot again; null: it keeps its slot.</param>
/// <param name="Congestion">Tells a GET that stalled in a congested endpoint's queue from one on a dead connection, and
/// hears of every byte read; null: every stall is a dead connection.</param>
internal sealed record PartBodyReading(RangeRequester Requester, ResumePolicy Policy, ILogger Logger, LookaheadEstimate? Lookahead = null,
    RangeHedging? Hedging = null, BandwidthLimiter? Bandwidth = null, TransferLane? Lane = null, CongestionResponse? Congestion = null);
