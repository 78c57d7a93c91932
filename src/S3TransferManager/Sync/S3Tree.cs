using System.Runtime.CompilerServices;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Directories;

namespace S3TransferManager.Sync;

/// <summary>The objects under a prefix as sync entries, streamed from <see cref="ObjectListing"/> one page at a time.
/// Folder markers (keys ending in '/') are left out: they hold no data, and a local folder stands for itself.</summary>
internal static class S3Tree
{
    public static async IAsyncEnumerable<SyncEntry> ListAsync(TransferResources resources, SyncSide side, TransferUtilitySyncRequest request,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (S3Object item in ObjectListing.ListAsync(resources, side.Bucket, side.Prefix, request.ExpectedBucketOwner, request.RequestPayer,
            cancellationToken).ConfigureAwait(false))
        {
            if (item.Key.EndsWith('/') || !item.Key.StartsWith(side.Prefix, StringComparison.Ordinal))
            {
                continue;
            }

            ChecksumAlgorithm? algorithm = item.ChecksumAlgorithm is { Count: > 0 } algorithms ? ChecksumAlgorithm.FindValue(algorithms[0]) : null;
            yield return new SyncEntry(item.Key[side.Prefix.Length..], item.Key, item.Size ?? 0,
                (item.LastModified ?? default).ToUniversalTime(), item.ETag, algorithm, item.ChecksumType);
        }
    }
}
