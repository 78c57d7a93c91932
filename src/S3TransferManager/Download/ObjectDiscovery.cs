using System.Net;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>
/// Learns an object's size and ETag from a ranged GET of its first part — never a HEAD — so a one-part object costs
/// exactly one request. An empty object answers that range with 416 InvalidRange; one plain GET then confirms it.
/// </summary>
internal static class ObjectDiscovery
{
    private const string MetadataPrefix = "x-amz-meta-";

    public static async Task<DiscoveredObject> DiscoverAsync(IAmazonS3 client, DownloadRequestBase request, CancellationToken cancellationToken)
    {
        string bucket = request.BucketName!;
        string key = request.Key!;
        var firstPart = new GetObjectRequest
        {
            BucketName = bucket,
            Key = key,
            VersionId = request.VersionId,
            ByteRange = new ByteRange(0, request.PartSize - 1),
            EtagToMatch = request.IfMatch,
        };

        GetObjectResponse response;
        try
        {
            response = await GetAsync(client, firstPart, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.RequestedRangeNotSatisfiable)
        {
            var whole = new GetObjectRequest { BucketName = bucket, Key = key, VersionId = request.VersionId, EtagToMatch = request.IfMatch };
            response = await GetAsync(client, whole, cancellationToken).ConfigureAwait(false);
        }

        try
        {
            return Describe(request, response);
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    private static async Task<GetObjectResponse> GetAsync(IAmazonS3 client, GetObjectRequest request, CancellationToken cancellationToken)
    {
        try
        {
            return await client.GetObjectAsync(request, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.PreconditionFailed && request.EtagToMatch is not null)
        {
            throw new ObjectModifiedException(request.BucketName, request.Key, request.EtagToMatch, actualETag: null, e);
        }
    }

    private static DiscoveredObject Describe(DownloadRequestBase request, GetObjectResponse response)
    {
        string bucket = request.BucketName!;
        string key = request.Key!;
        long total;
        long partSize;
        if (response.HttpStatusCode == HttpStatusCode.PartialContent)
        {
            if (!ContentRange.TryParse(response.ContentRange, out ContentRange range) || range.Start != 0)
            {
                throw new UnexpectedResponseException(bucket, key,
                    $"the first ranged GET answered 206 with Content-Range '{response.ContentRange}'.");
            }

            total = range.Total;
            partSize = request.PartSize;
            if (range.End != Math.Min(partSize, total) - 1)
            {
                throw new UnexpectedResponseException(bucket, key,
                    $"asked for bytes 0-{partSize - 1}, got bytes {range.Start}-{range.End}/{range.Total}.");
            }
        }
        else
        {
            // 200: the plain GET after a 416, or a server that ignores Range. Either way the body is the whole object,
            // so it is downloaded as one part of its own length.
            total = response.ContentLength;
            partSize = Math.Max(total, 1);
        }

        var layout = new PartLayout(total, partSize);
        if (layout.PartCount > 1 && string.IsNullOrEmpty(response.ETag))
        {
            throw new UnexpectedResponseException(bucket, key, "no ETag: the other parts could not be pinned to this version.");
        }

        var target = new DownloadTarget(bucket, key, response.VersionId ?? request.VersionId, response.ETag, total,
            response.Headers.ContentType, response.LastModified, ReadMetadata(response));
        return new DiscoveredObject(target, layout, response);
    }

    private static Dictionary<string, string> ReadMetadata(GetObjectResponse response)
    {
        var metadata = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (string name in response.Metadata.Keys)
        {
            string shortName = name.StartsWith(MetadataPrefix, StringComparison.OrdinalIgnoreCase) ? name[MetadataPrefix.Length..] : name;
            metadata[shortName] = response.Metadata[name];
        }

        return metadata;
    }
}
