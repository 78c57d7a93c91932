using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Cli.Commands;

/// <summary>For a key that is not an object: whether it is a prefix with objects under it, so the error can say to add
/// -r rather than only "no such key".</summary>
internal static class PrefixHint
{
    public static async Task<bool> IsPrefixAsync(UtilityCalls calls, S3Location location, CancellationToken token)
    {
        try
        {
            ListObjectsV2Response listed = await calls.S3.ListObjectsV2Async(new ListObjectsV2Request
            {
                BucketName = location.Bucket,
                Prefix = location.Key.EndsWith('/') ? location.Key : location.Key + "/",
                MaxKeys = 1,
            }, calls.Slot, token);
            return listed.KeyCount > 0;
        }
        catch (Exception e) when (e is AmazonS3Exception or TimeoutException)
        {
            // Only a hint: a refused or unanswered listing leaves the download's own error as it was.
            return false;
        }
    }

    public static InvalidOperationException NotAnObject(S3Location location, Exception notFound) => new(
        $"{location} is not an object but a prefix with objects under it: add -r (--recursive) to copy them.", notFound);
}
