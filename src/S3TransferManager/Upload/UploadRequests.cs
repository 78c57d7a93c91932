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
    private readonly ILogger _logger;
    private readonly ResumePolicy _policy;
    private readonly AnswerTimes _answers;
    private readonly ProgressTracker _progress;
    private readonly string _bucket;
    private readonly string _key;

    /// <summary>How many passes the client makes over a body up to the one that sends it (<see cref="PayloadSigning"/>).</summary>
    private readonly int _passes;

    /// <summary>The bound of CompleteMultipartUpload's answer; infinite when stall detection is off.</summary>
    private readonly TimeSpan _completeLimit;

    /// <summary>Sends a second attempt alongside a slow part; null when hedging is off.</summary>
    private readonly PartHedge? _hedge;

    public UploadRequests(UploadContext upload, PayloadSigning signing)
    {
        TransferResources resources = upload.Resources;
        _client = resources.Client;
        _logger = resources.Logger;
        _policy = resources.ResumePolicy;
        _answers = resources.Answers.Uploads;
        _progress = upload.Progress;
        _bucket = upload.Bucket;
        _key = upload.Key;
        _passes = signing.PassesBeforeSent;
        _completeLimit = _policy.StallTimeout == Timeout.InfiniteTimeSpan ? Timeout.InfiniteTimeSpan : resources.Tuning.CompleteAnswerLimit;
        _hedge = resources.Config.HedgeSlowRequests ? new PartHedge(resources, upload.Lane, _passes) : null;
    }

    /// <summary>Sends a request without a body (CreateMultipartUpload, AbortMultipartUpload): sent again when its
    /// answer does not come within the learned bound.</summary>
    public Task<T> SendAsync<T>(string method, Func<CancellationToken, Task<T>> send, CancellationToken cancellationToken)
    {
        WatchedRequest request = Watched(new RequestTarget(method, _bucket, _key), _answers, _policy.StallTimeout, 0, span: null);
        return StallRetry.SendAsync(request, watch =>
        {
            TransferMetrics.RequestSent(method, _bucket);
            return send(watch.Token);
        }, cancellationToken);
    }

    /// <summary>Sends CompleteMultipartUpload once: S3 may take minutes and sends only whitespace meanwhile, which the
    /// client does not show, so a slow answer is waited for (up to the long limit), never sent again.</summary>
    public Task<T> CompleteAsync<T>(Func<CancellationToken, Task<T>> send, CancellationToken cancellationToken)
    {
        WatchedRequest request = Watched(new RequestTarget(RpcMethods.CompleteMultipartUpload, _bucket, _key), answers: null, _completeLimit, 0,
            span: null, attempts: 1);
        return StallRetry.SendAsync(request, watch =>
        {
            TransferMetrics.RequestSent(RpcMethods.CompleteMultipartUpload, _bucket);
            return send(watch.Token);
        }, cancellationToken);
    }

    /// <summary>Uploads a part on the slot it holds; returns the answer and the bytes counted as sent.</summary>
    public async Task<(UploadPartResponse Response, long BytesSent)> UploadPartAsync(PartAttempts part, CancellationToken cancellationToken)
    {
        PartBody body = part.Part;
        UploadPartResponse response = await PartScope.RunAsync(RpcMethods.UploadPart, _bucket, _key, body.PartNumber, -1, body.Length,
            (scope, token) =>
            {
                part.Span = scope.Span;
                part.Request = Watched(new RequestTarget(RpcMethods.UploadPart, _bucket, _key, body.PartNumber), _answers, _policy.StallTimeout,
                    body.Length, scope.Span);
                return StallRetry.SendAsync(part.Request, watch => AttemptPartAsync(part, watch), token);
            }, cancellationToken).ConfigureAwait(false);
        return (response, part.BytesSent);
    }

    /// <summary>PUTs <paramref name="length"/> bytes of <paramref name="body"/> from its current position, which every
    /// attempt starts from again.</summary>
    public Task<PutObjectResponse> PutAsync(Stream body, long length, Func<Stream, PutObjectRequest> build, CancellationToken cancellationToken)
    {
        long start = body.Position;
        return PartScope.RunAsync(RpcMethods.PutObject, _bucket, _key, 0, 0, length, (scope, token) =>
        {
            WatchedRequest request = Watched(new RequestTarget(RpcMethods.PutObject, _bucket, _key), _answers, _policy.StallTimeout, length, scope.Span);
            return StallRetry.SendAsync(request, watch =>
            {
                body.Position = start;
                TransferMetrics.RequestSent(RpcMethods.PutObject, _bucket);
                return _client.PutObjectAsync(build(new SentBodyStream(body, _passes, static () => { }, null, watch)), watch.Token);
            }, token);
        }, cancellationToken);
    }

    private async Task<UploadPartResponse> AttemptPartAsync(PartAttempts part, RequestWatch watch)
    {
        // The previous attempt, if any, has ended (it was awaited): the part's stream is read from its start again.
        Stream content = part.Part.Content;
        content.Position = 0;
        using var body = new SentBodyStream(content, _passes, part.OnSent, _progress.AddSent, watch, part.BytesSent);
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
        int? attempts = null)
    {
        int allowed = attempts ?? 1 + _policy.MaxResumes;
        return new WatchedRequest(target, _policy, answers, fixedBound, bytes, new AttemptTelemetry(_logger, target, allowed, span), allowed);
    }
}
