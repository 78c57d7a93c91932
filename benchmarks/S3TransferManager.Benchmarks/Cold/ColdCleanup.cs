using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>Deletes what a cold run's clients uploaded, between clients and outside every clock, so the endpoint holds
/// one uploaded object at a time instead of one per client and scenario (gigabytes of live objects make its garbage
/// collector and the machine's memory reclaim part of every later figure).</summary>
internal static class ColdCleanup
{
    public static async Task DeleteUploadsAsync(IAmazonS3 s3, string keepKey)
    {
        ListObjectsV2Response listing = await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = EndpointSession.Bucket, Prefix = "cold/" });
        List<KeyVersion> uploaded = [.. (listing.S3Objects ?? []).Where(o => o.Key != keepKey).Select(o => new KeyVersion { Key = o.Key })];
        if (uploaded.Count > 0)
        {
            await s3.DeleteObjectsAsync(new DeleteObjectsRequest { BucketName = EndpointSession.Bucket, Objects = uploaded });
        }
    }
}
