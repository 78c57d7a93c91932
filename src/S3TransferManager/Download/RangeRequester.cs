using System.Net;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>Sends the ranged GETs of one download, pinned to its first ETag, and refuses any answer that does not
/// carry exactly the bytes asked for.</summary>
internal sealed class RangeRequester
{
    private readonly IAmazonS3 _client;
    private readonly DownloadTarget _target;

    public RangeRequester(IAmazonS3 client, DownloadTarget target)
    {
        _client = client;
        _target = target;
    }

    public DownloadTarget Target => _target;

    /// <summary>GETs bytes <paramref name="start"/>..<paramref name="end"/> (inclusive) with If-Match. The caller owns
    /// the response.</summary>
    public async Task<GetObjectResponse> GetAsync(long start, long end, CancellationToken cancellationToken)
    {
        var request = new GetObjectRequest
        {
            BucketName = _target.BucketName,
            Key = _target.Key,
            VersionId = _target.VersionId,
            ByteRange = new ByteRange(start, end),
            EtagToMatch = _target.ETag,
        };

        GetObjectResponse response;
        try
        {
            response = await _client.GetObjectAsync(request, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.PreconditionFailed && _target.ETag is not null)
        {
            throw new ObjectModifiedException(_target.BucketName, _target.Key, _target.ETag, actualETag: null, e);
        }

        try
        {
            Validate(response, start, end);
            return response;
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    private void Validate(GetObjectResponse response, long start, long end)
    {
        if (_target.ETag is not null && response.ETag is not null && !string.Equals(response.ETag, _target.ETag, StringComparison.Ordinal))
        {
            // A server that ignores If-Match must not get to mix two versions into one file.
            throw new ObjectModifiedException(_target.BucketName, _target.Key, _target.ETag, response.ETag);
        }

        if (!ContentRange.TryParse(response.ContentRange, out ContentRange range))
        {
            throw new UnexpectedResponseException(_target.BucketName, _target.Key,
                $"asked for bytes {start}-{end}, got Content-Range '{response.ContentRange}'.");
        }

        if (range.Start != start || range.End != end || range.Total != _target.TotalLength)
        {
            throw new UnexpectedResponseException(_target.BucketName, _target.Key,
                $"asked for bytes {start}-{end}/{_target.TotalLength}, got bytes {range.Start}-{range.End}/{range.Total}.");
        }
    }
}
