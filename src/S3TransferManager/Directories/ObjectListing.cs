using System.Runtime.CompilerServices;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Directories;

/// <summary>
/// The one way the library lists keys: the objects under a prefix as one stream, page by page (ListObjectsV2), in the
/// order S3 lists them (UTF-8 binary order of the keys). Only one page is held at a time, so a listing of millions of
/// keys costs no more memory than one of a thousand. Directory downloads, copies and sync all read it.
/// </summary>
internal static class ObjectListing
{
    /// <summary>Lists every object <paramref name="request"/> names, following its continuation tokens to the end.</summary>
    /// <param name="client">The client to list with.</param>
    /// <param name="request">The bucket, prefix and options; its continuation token is advanced as pages are read.</param>
    /// <param name="cancellationToken">Stops the listing.</param>
    public static async IAsyncEnumerable<S3Object> ListAsync(IAmazonS3 client, ListObjectsV2Request request,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        ListObjectsV2Response page;
        do
        {
            page = await client.ListObjectsV2Async(request, cancellationToken).ConfigureAwait(false);
            foreach (S3Object item in page.S3Objects ?? [])
            {
                yield return item;
            }

            request.ContinuationToken = page.NextContinuationToken;
        }
        while (page.IsTruncated == true && !string.IsNullOrEmpty(page.NextContinuationToken));
    }
}
