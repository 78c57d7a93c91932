using Microsoft.Extensions.Logging;
using S3TransferManager.Resilience;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Upload;

/// <summary>
/// Sends the requests without a body that write one object (CreateMultipartUpload, CompleteMultipartUpload,
/// AbortMultipartUpload) so that none waits forever: each attempt is watched (<see cref="RequestWatch"/>) against the
/// answer bound learned from the utility's uploads, and a stalled one is canceled and sent again
/// (<see cref="StallRetry"/>). CompleteMultipartUpload, which S3 may work on for minutes, gets a long fixed bound and is
/// never sent again for being slow. Shared by uploads (<see cref="UploadRequests"/>) and server-side copies.
/// </summary>
internal sealed class BoundedRequests
{
    private readonly ILogger _logger;
    private readonly ResumePolicy _policy;
    private readonly AnswerTimes _answers;
    private readonly string _bucket;
    private readonly string _key;

    /// <summary>What a stall in a congested endpoint's queue does: cut the budget.</summary>
    private readonly CongestionResponse _congestion;

    /// <summary>The bound of CompleteMultipartUpload's answer; infinite when stall detection is off.</summary>
    private readonly TimeSpan _completeLimit;

    public BoundedRequests(TransferResources resources, string bucket, string key)
    {
        _logger = resources.Logger;
        _policy = resources.ResumePolicy;
        _answers = resources.Answers.Uploads;
        _bucket = bucket;
        _key = key;
        _congestion = resources.Congestion;
        _completeLimit = _policy.StallTimeout == Timeout.InfiniteTimeSpan ? Timeout.InfiniteTimeSpan : resources.Tuning.CompleteAnswerLimit;
    }

    /// <summary>The answer times this object's requests learn from and feed.</summary>
    public AnswerTimes Answers => _answers;

    /// <summary>The bounds every attempt is held to.</summary>
    public ResumePolicy Policy => _policy;

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

    /// <summary>The watch of one request: its bounds, its telemetry, how many attempts it may make (by default one plus
    /// the policy's resumes), and how a retry after a stall in a congested endpoint's queue waits for a slot
    /// (<paramref name="waitForSlot"/>; null: it keeps its slot).</summary>
    public WatchedRequest Watched(RequestTarget target, AnswerTimes? answers, TimeSpan fixedBound, long bytes, System.Diagnostics.Activity? span,
        int? attempts = null, Func<CancellationToken, ValueTask>? waitForSlot = null)
    {
        int allowed = attempts ?? 1 + _policy.MaxResumes;
        return new WatchedRequest(target, _policy, answers, fixedBound, bytes, new AttemptTelemetry(_logger, target, allowed, span), allowed)
        {
            Congestion = _congestion,
            WaitForSlot = waitForSlot,
        };
    }
}
