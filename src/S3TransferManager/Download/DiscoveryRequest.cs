using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Resilience;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Download;

/// <summary>
/// Sends a download's first GET, and sends it again when its answer does not start within the bound learned from the
/// utility's GETs (<see cref="StallRetry"/>; before any answer, <see cref="TransferUtilityConfig.BodyStallTimeout"/>,
/// longer while many requests are in flight): until this answer comes no part can start. A GET that waited in a
/// congested endpoint's queue is sent again once the budget, cut meanwhile, has a slot for it.
/// </summary>
internal static class DiscoveryRequest
{
    /// <summary>Sends <paramref name="first"/> on the slot <paramref name="lease"/> holds. The caller owns the
    /// response.</summary>
    /// <exception cref="PartDownloadException">No answer started within its bound, on every allowed attempt (part 1,
    /// with a <see cref="RequestStalledException"/> inside).</exception>
    public static async Task<GetObjectResponse> SendAsync(ObjectGetter getter, FirstGet first, TransferResources resources, HeldLease lease,
        CancellationToken cancellationToken)
    {
        ResumePolicy policy = resources.ResumePolicy;
        ILogger logger = resources.Logger;
        var request = new WatchedRequest(new RequestTarget(RpcMethods.GetObject, getter.BucketName, getter.Key, PartNumber: 1), policy,
            resources.Answers.RangedGets, policy.StallTimeout, bytes: 0,
            new StallCallback((attempt, stalled) => Log.ResumingPart(logger, getter.BucketName, getter.Key, 1, 0, attempt, policy.MaxResumes, stalled)))
        {
            Congestion = resources.Congestion,
            WaitForSlot = lease.RequeueAsync,
        };
        try
        {
            return await StallRetry.SendAsync(request,
                watch => getter.GetAsync(first.Range, null, first.IfMatch, watch.Token, first.WithChecksum, first.PartNumber).AsTask(),
                cancellationToken).ConfigureAwait(false);
        }
        catch (RequestStalledException stalled)
        {
            throw new PartDownloadException(1,
                $"The first request for s3://{getter.BucketName}/{getter.Key} got no answer in {stalled.Attempts} attempt(s). {stalled.Message}", stalled);
        }
    }
}
