using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Events;
using S3TransferManager.Resilience;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Upload;

/// <summary>
/// Sends one upload's requests so that none waits forever. Each attempt is watched (<see cref="RequestWatch"/>: its
/// body against <see cref="TransferUtilityConfig.BodyStallTimeout"/>, its answer against the bound learned from the
/// utility's answers) and a stalled one is canceled and sent again (<see cref="StallRetry"/>) within the part's budget,
/// after a jittered delay, from the part's own bytes (a file region read again, a buffered part read again from its
/// chunks). CompleteMultipartUpload, which S3 may work on for minutes, gets a long fixed bound and is never sent again
/// for being slow. With hedging on, an UploadPart with no answer for well past the usual time also gets a second
/// attempt alongside (<see cref="PartHedge"/>).
/// </summary>
internal sealed class UploadRequests
{
    private readonly IAmazonS3 _client;
    private readonly ResumePolicy _policy;
    private readonly AnswerTimes _answers;
    private readonly ProgressTracker _progress;
    private readonly string _bucket;
    private readonly string _key;

    /// <summary>How many passes the client makes over a body up to the one that sends it (<see cref="PayloadSigning"/>).</summary>
    private readonly int _passes;

    /// <summary>The requests without a body, and the watch every attempt is held to.</summary>
    private readonly BoundedRequests _bounded;

    /// <summary>The utility's bandwidth cap, which every body waits for as it is sent; null: none.</summary>
    private readonly BandwidthLimiter? _bandwidth;

    /// <summary>Sends a second attempt alongside a slow part; null when hedging is off.</summary>
    private readonly PartHedge? _hedge;

    public UploadRequests(UploadContext upload, PayloadSigning signing)
    {
        TransferResources resources = upload.Resources;
        _client = resources.Client;
        _policy = resources.ResumePolicy;
        _answers = resources.Answers.Uploads;
        _progress = upload.Progress;
        _bucket = upload.Bucket;
        _key = upload.Key;
        _passes = signing.PassesBeforeSent;
        _bounded = new BoundedRequests(resources, upload.Bucket, upload.Key);
        _bandwidth = resources.Bandwidth;
        _hedge = resources.Config.HedgeSlowRequests ? new PartHedge(resources, upload.Lane, _passes) : null;
    }

    /// <summary>Create, Complete and Abort, bounded the same way for uploads and copies.</summary>
    public BoundedRequests Bounded => _bounded;

    /// <summary>Uploads a part on the slot it holds; returns the answer and the bytes counted as sent.</summary>
    public async Task<(UploadPartResponse Response, long BytesSent)> UploadPartAsync(PartAttempts part, CancellationToken cancellationToken)
    {
        PartBody body = part.Part;
        UploadPartResponse response = await PartScope.RunAsync(RpcMethods.UploadPart, _bucket, _key, body.PartNumber, -1, body.Length,
            (scope, token) =>
            {
                part.Span = scope.Span;
                part.Request = Watched(new RequestTarget(RpcMethods.UploadPart, _bucket, _key, body.PartNumber), _answers, _policy.StallTimeout,
                    body.Length, scope.Span, part.Lease.RequeueAsync);
                return StallRetry.SendAsync(part.Request, watch => AttemptPartAsync(part, watch), token);
            }, cancellationToken).ConfigureAwait(false);
        return (response, part.BytesSent);
    }

    /// <summary>PUTs <paramref name="length"/> bytes of <paramref name="body"/> from its current position, which every
    /// attempt starts from again, on the slot <paramref name="lease"/> holds.</summary>
    public Task<PutObjectResponse> PutAsync(Stream body, long length, HeldLease lease, Func<Stream, PutObjectRequest> build,
        CancellationToken cancellationToken)
    {
        long start = body.Position;
        return PartScope.RunAsync(RpcMethods.PutObject, _bucket, _key, 0, 0, length, (scope, token) =>
        {
            WatchedRequest request = Watched(new RequestTarget(RpcMethods.PutObject, _bucket, _key), _answers, _policy.StallTimeout, length, scope.Span,
                lease.RequeueAsync);
            return StallRetry.SendAsync(request, watch =>
            {
                body.Position = start;
                TransferMetrics.RequestSent(RpcMethods.PutObject, _bucket);
                return _client.PutObjectAsync(build(new SentBodyStream(body, _passes, static () => { }, null, watch, bandwidth: _bandwidth)), watch.Token);
            }, token);
        }, cancellationToken);
    }

    private async Task<UploadPartResponse> AttemptPartAsync(PartAttempts part, RequestWatch watch)
    {
        // The previous attempt, if any, has ended (it was awaited): the part's stream is read from its start again.
        Stream content = part.Part.Content;
        content.Position = 0;
        using var body = new SentBodyStream(content, _passes, part.OnSent, _progress.AddSent, watch, part.BytesSent, _bandwidth);
        try
        {
            TransferMetrics.RequestSent(RpcMethods.UploadPart, _bucket);
            Task<UploadPartResponse> call = _client.UploadPartAsync(part.Build(body), watch.Token);
            return _hedge is null ? await call.ConfigureAwait(false) : await _hedge.RaceAsync(part, watch, call).ConfigureAwait(false);
        }
        finally
        {
            part.BytesSent = Math.Max(part.BytesSent, body.BytesSent);
        }
    }

    private WatchedRequest Watched(RequestTarget target, AnswerTimes? answers, TimeSpan fixedBound, long bytes, System.Diagnostics.Activity? span,
        Func<CancellationToken, ValueTask>? waitForSlot = null) =>
        _bounded.Watched(target, answers, fixedBound, bytes, span, waitForSlot: waitForSlot);
}
