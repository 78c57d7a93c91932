using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Internal;

namespace S3TransferManager.Download;

/// <summary>
/// Sends a download's first GET, and sends it again when its answer does not start within the stall timeout, with the
/// budget and delays of a part's resume. Until this answer comes no part can start, and the HTTP client's own timeout
/// is minutes long; parts get the same protection from <see cref="ResumableRangeStream"/>.
/// </summary>
internal static class DiscoveryRequest
{
    /// <summary>GETs <paramref name="range"/> (the whole object when null), with If-Match on <paramref name="ifMatch"/>
    /// when set. The caller owns the response.</summary>
    /// <exception cref="PartDownloadException">No answer started within the stall timeout, on every allowed attempt
    /// (part 1, with a <see cref="TimeoutException"/> inside).</exception>
    public static async Task<GetObjectResponse> SendAsync(ObjectGetter getter, ByteRange? range, string? ifMatch, ResumePolicy policy,
        ILogger logger, CancellationToken cancellationToken)
    {
        using var stall = new StallGuard(policy.StallTimeout, policy.TimeProvider);
        for (int attempt = 1; ; attempt++)
        {
            CancellationToken token = stall.Arm(cancellationToken);
            try
            {
                return await getter.GetAsync(range, null, ifMatch, token).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (StallGuard.Stalled(token, cancellationToken))
            {
                // Handled below, once the guard is disarmed.
            }
            finally
            {
                stall.Disarm();
            }

            var stalled = new TimeoutException($"The response to the first request made no progress for {policy.StallTimeout.TotalSeconds:0.###} s.");
            if (attempt > policy.MaxResumes)
            {
                throw new PartDownloadException(1,
                    $"The first request for s3://{getter.BucketName}/{getter.Key} got no answer in {attempt} attempt(s).", stalled);
            }

            Log.ResumingPart(logger, getter.BucketName, getter.Key, 1, 0, attempt, policy.MaxResumes, stalled);
            TimeSpan delay = policy.DelayBefore(attempt);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, policy.TimeProvider, cancellationToken).ConfigureAwait(false);
            }
        }
    }
}
