using Amazon.S3.Model;
using S3TransferManager.Events;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Upload;

/// <summary>One part's attempts, as <see cref="S3Calls.UploadPartAsync"/> sends them: each attempt reads the part's
/// bytes from their start again through a <see cref="SentBodyStream"/> that counts progress and tells the attempt's
/// watch; a hedge reads its own view of them (<see cref="PartViews"/>). The bytes counted as sent carry across
/// attempts, so a retry counts none twice.</summary>
/// <param name="part">The part.</param>
/// <param name="lease">The slot of the request budget the part holds (traded for another when a stall in a congested
/// endpoint's queue sends the part again).</param>
/// <param name="build">Builds the part's request around a body (a new request per attempt).</param>
/// <param name="onSent">Called when a body was first sent (the next part may start early).</param>
/// <param name="sending">How bodies are sent: the client's passes over a body, progress and the bandwidth cap.</param>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Reliability", "CA2000", Justification = "Each attempt's body is disposed in Close, when the attempt ends.")]
internal sealed class PartAttempts(PartBody part, HeldLease lease, Func<Stream, UploadPartRequest> build, Action onSent, BodySending sending)
    : IAttemptBody<UploadPartRequest>
{
    /// <summary>The hedge's own reader of the part's bytes, while a hedge runs.</summary>
    private Stream? _hedgeView;

    public PartBody Part => part;

    public HeldLease Lease => lease;

    /// <summary>The bytes counted as sent so far, across attempts.</summary>
    public long BytesSent { get; private set; }

    public BodyAttempt<UploadPartRequest>? Open(RequestWatch watch, bool hedge)
    {
        if (hedge)
        {
            _hedgeView = PartViews.Open(part.Content);
            return _hedgeView is null ? null : Attempt(sending.Body(_hedgeView, static () => { }, null, watch, alreadySent: part.Length));
        }

        // The previous attempt, if any, has ended (it was awaited): the part's stream is read from its start again.
        part.Content.Position = 0;
        return Attempt(sending.Body(part.Content, onSent, sending.Progress.AddSent, watch, BytesSent));
    }

    public void Close(Stream body, bool hedge)
    {
        if (hedge)
        {
            _hedgeView?.Dispose();
            _hedgeView = null;
        }
        else
        {
            BytesSent = Math.Max(BytesSent, ((SentBodyStream)body).BytesSent);
        }

        body.Dispose();
    }

    private BodyAttempt<UploadPartRequest> Attempt(SentBodyStream body) => new(build(body), body);
}

/// <summary>How one upload's bodies are sent: the client's passes over a body before the one that sends it
/// (<see cref="PayloadSigning"/>), the progress they count, and the utility's bandwidth cap.</summary>
internal sealed record BodySending(int Passes, ProgressTracker Progress, BandwidthLimiter? Bandwidth)
{
    /// <summary>A body over <paramref name="content"/> for one attempt.</summary>
    public SentBodyStream Body(Stream content, Action onSent, Action<long>? onBytesSent, RequestWatch watch, long alreadySent = 0) =>
        new(content, Passes, onSent, onBytesSent, watch, alreadySent, Bandwidth);
}
