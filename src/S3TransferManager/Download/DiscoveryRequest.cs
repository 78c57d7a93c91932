using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Resilience;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Download;

/// <summary>
/// Sends a download's first GET, and sends it again when its answer does not start within the stall timeout
/// (<see cref="StallRetry"/>): until this answer comes no part can start.
/// </summary>
internal static class DiscoveryRequest
{
    /// <summary>GETs <paramref name="range"/> (the whole object when null), with If-Match on <paramref name="ifMatch"/>
    /// when set, and the stored checksum when <paramref name="withChecksum"/>. The caller owns the response.</summary>
    /// <exception cref="PartDownloadException">No answer started within the stall timeout, on every allowed attempt
    /// (part 1, with a <see cref="TimeoutException"/> inside).</exception>
    public static async Task<GetObjectResponse> SendAsync(ObjectGetter getter, ByteRange? range, string? ifMatch, bool withChecksum,
        ResumePolicy policy, ILogger logger, CancellationToken cancellationToken)
    {
        try
        {
            return await StallRetry.SendAsync(
                new RequestTarget(RpcMethods.GetObject, getter.BucketName, getter.Key, PartNumber: 1),
                token => getter.GetAsync(range, null, ifMatch, token, withChecksum).AsTask(),
                policy,
                (attempt, stalled) => Log.ResumingPart(logger, getter.BucketName, getter.Key, 1, 0, attempt, policy.MaxResumes, stalled),
                cancellationToken).ConfigureAwait(false);
        }
        catch (RequestStalledException stalled)
        {
            throw new PartDownloadException(1,
                $"The first request for s3://{getter.BucketName}/{getter.Key} got no answer in {policy.MaxResumes + 1} attempt(s).", stalled);
        }
    }
}
