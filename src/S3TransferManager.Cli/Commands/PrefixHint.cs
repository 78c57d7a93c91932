using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Cli.Commands;

/// <summary>For a key that is not an object: whether it is a prefix with objects under it, so the error can say to add
/// -r rather than only "no such key".</summary>
internal static class PrefixHint
{
    public static async Task<bool> IsPrefixAsync(IAmazonS3 s3, S3Location location, CancellationToken token)
    {
        try
        {
            ListObjectsV2Response listed = await s3.ListObjectsV2Async(new ListObjectsV2Request
            {
                BucketName = location.Bucket,
                Prefix = location.Key.EndsWith('/') ? location.Key : location.Key + "/",
                MaxKeys = 1,
            }, token);
            return listed.KeyCount > 0;
        }
        catch (AmazonS3Exception)
        {
            return false;
        }
    }

    public static InvalidOperationException NotAnObject(S3Location location, Exception notFound) => new(
        $"{location} is not an object but a prefix with objects under it: add -r (--recursive) to copy them.", notFound);
}
