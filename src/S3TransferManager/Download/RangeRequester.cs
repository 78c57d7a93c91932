using System.Runtime.CompilerServices;
using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>Sends the ranged GETs of one download's parts, pinned to the ETag its first response revealed, and refuses
/// any answer that does not carry exactly the bytes asked for.</summary>
internal sealed class RangeRequester
{
    private readonly ObjectGetter _getter;
    private readonly DownloadTarget _target;

    public RangeRequester(ObjectGetter getter, DownloadTarget target)
    {
        _getter = getter;
        _target = target;
    }

    public DownloadTarget Target => _target;

    /// <summary>GETs bytes <paramref name="start"/>..<paramref name="end"/> (inclusive) with If-Match. The caller owns
    /// the response.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<GetObjectResponse> GetAsync(long start, long end, CancellationToken cancellationToken)
    {
        GetObjectResponse response = await _getter.GetAsync(new ByteRange(start, end), _target.VersionId, _target.ETag, cancellationToken)
            .ConfigureAwait(false);
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
