using System.Diagnostics;
using Amazon.S3.Model;
using S3TransferManager.Resilience;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Upload;

/// <summary>One part's attempts, as <see cref="UploadRequests"/> sends them: the part and the slot it holds, how its
/// request is built around a body, what its first sent body starts, and what every attempt shares (the bytes counted
/// as sent, the attempt budget, the part's span).</summary>
/// <param name="Part">The part.</param>
/// <param name="Lease">The slot of the request budget the part holds (traded for another when a stall in a congested
/// endpoint's queue sends the part again).</param>
/// <param name="Build">Builds the part's request around a body (a new request per attempt).</param>
/// <param name="OnSent">Called when a body was first sent (the next part may start early).</param>
/// <param name="Token">The part's token: every attempt, hedges included, stops with it.</param>
internal sealed record PartAttempts(PartBody Part, HeldLease Lease, Func<Stream, UploadPartRequest> Build, Action OnSent, CancellationToken Token)
{
    /// <summary>The bytes counted as sent so far, across attempts, so that a retry counts none twice.</summary>
    public long BytesSent { get; set; }

    /// <summary>The attempts' request (set once the part's span exists).</summary>
    public WatchedRequest Request { get; set; } = null!;

    /// <summary>The part's span, for the hedge's events; null when nobody listens.</summary>
    public Activity? Span { get; set; }
}
