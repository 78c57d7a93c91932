using System.Runtime.CompilerServices;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Directories;

/// <summary>
/// The one way the library lists keys: the objects under a prefix as one stream, page by page (ListObjectsV2), in the
/// order S3 lists them (UTF-8 binary order of the keys). The next page is asked for as soon as a page arrives, so S3
/// works on it while the caller reads this one (the pages follow each other by continuation token, so no more can be
/// in flight); at most two pages are held, so a listing of millions of keys costs no more memory than one of a
/// thousand. Each page takes its turn of the utility's request budget through a lane of its own, like any request, and
/// is bounded and retried as one (<see cref="S3Calls.ListObjectsV2Async"/>). Directory downloads, copies and sync all
/// read it.
/// </summary>
internal static class ObjectListing
{
    /// <summary>Lists every object under <paramref name="prefix"/>, following the continuation tokens to the end.</summary>
    /// <param name="resources">The utility's calls and budget.</param>
    /// <param name="bucket">The bucket.</param>
    /// <param name="prefix">The prefix.</param>
    /// <param name="expectedBucketOwner">The account that must own the bucket, if any.</param>
    /// <param name="requestPayer">Whether the requester pays.</param>
    /// <param name="cancellationToken">Stops the listing.</param>
    public static async IAsyncEnumerable<S3Object> ListAsync(TransferResources resources, string? bucket, string prefix,
        string? expectedBucketOwner, RequestPayer? requestPayer, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var request = new ListObjectsV2Request
        {
            BucketName = bucket,
            Prefix = prefix,
            ExpectedBucketOwner = expectedBucketOwner,
            RequestPayer = requestPayer,
        };
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        using TransferLane lane = resources.Scheduler.OpenLane();
        Task<ListObjectsV2Response>? next = resources.S3.ListObjectsV2Async(request, CallSlot.Take(lane), stop.Token);
        try
        {
            while (next is not null)
            {
                ListObjectsV2Response page = await next.ConfigureAwait(false);
                next = null;
                if (page.IsTruncated == true && !string.IsNullOrEmpty(page.NextContinuationToken))
                {
                    // The previous request is complete, so the request object is free to carry the next token.
                    request.ContinuationToken = page.NextContinuationToken;
                    next = resources.S3.ListObjectsV2Async(request, CallSlot.Take(lane), stop.Token);
                }

                foreach (S3Object item in page.S3Objects ?? [])
                {
                    yield return item;
                }
            }
        }
        finally
        {
            if (next is not null)
            {
                // The caller stopped early (it found what it wanted, failed or was canceled): the page asked for ahead
                // is not wanted, and its outcome is of no interest.
                await stop.CancelAsync().ConfigureAwait(false);
                await ((Task)next).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            }
        }
    }
}
