using Amazon.S3;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

/// <summary>How a part's body is read by a utility of given retry settings, through a given client: what the tests of
/// <see cref="ResumableRangeStream"/> build their parts on.</summary>
internal static class PartReadings
{
    public static PartBodyReading For(IAmazonS3 client, DownloadTarget target, int maxResumes, TimeSpan resumeDelay, TimeSpan stallTimeout,
        TimeProvider time, Func<double>? jitter = null, LookaheadEstimate? lookahead = null)
    {
        var config = new TransferUtilityConfig
        {
            InterruptedBodyRetryAttempts = maxResumes,
            InterruptedBodyRetryDelay = resumeDelay,
            BodyStallTimeout = stallTimeout,
            ConcurrentServiceRequests = 4,
        }.Validated();
        var resources = new TransferResources(client, config, NullLogger.Instance, timeProvider: time,
            tuning: EngineTuning.Default with { RetryJitter = jitter });
        var getter = new ObjectGetter(new TransferUtilityOpenStreamRequest { BucketName = target.BucketName, Key = target.Key });
        return new PartBodyReading(new RangeRequester(resources.S3, getter, target), resources.RetryPolicy, NullLogger.Instance, lookahead);
    }
}
