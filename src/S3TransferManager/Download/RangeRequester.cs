using Amazon.S3.Model;
using S3TransferManager.Requests;

namespace S3TransferManager.Download;

/// <summary>Sends the ranged GETs of one download's parts, pinned to the ETag its first response revealed, and refuses
/// any answer that does not carry exactly the bytes asked for.</summary>
internal sealed class RangeRequester(S3Calls s3, ObjectGetter getter, DownloadTarget target)
{
    public DownloadTarget Target => target;

    /// <summary>GETs bytes <paramref name="start"/>..<paramref name="end"/> (inclusive) of part <paramref name="part"/>
    /// with If-Match, on <paramref name="slot"/>, within the part's <paramref name="attempts"/>. The caller owns the
    /// response.</summary>
    /// <exception cref="ObjectModifiedException">The object no longer has the download's ETag.</exception>
    /// <exception cref="UnexpectedResponseException">The answer carries other bytes than those asked for.</exception>
    public async Task<GetObjectResponse> GetAsync(long start, long end, int part, CallSlot slot, AttemptBudget attempts, bool hedged,
        CancellationToken cancellationToken)
    {
        GetObjectResponse response = await s3.GetObjectAsync(getter.Build(new ByteRange(start, end), target.VersionId, target.ETag), slot,
            cancellationToken, part, attempts, hedged).ConfigureAwait(false);
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
        if (target.ETag is not null && response.ETag is not null && !string.Equals(response.ETag, target.ETag, StringComparison.Ordinal))
        {
            // A server that ignores If-Match must not get to mix two versions into one file.
            throw S3Errors.OtherVersion(target.BucketName, target.Key, target.ETag, response.ETag);
        }

        if (!ContentRange.TryParse(response.ContentRange, out ContentRange range))
        {
            throw S3Errors.Unexpected(target.BucketName, target.Key, $"asked for bytes {start}-{end}, got Content-Range '{response.ContentRange}'.");
        }

        if (range.Start != start || range.End != end || range.Total != target.TotalLength)
        {
            throw S3Errors.Unexpected(target.BucketName, target.Key,
                $"asked for bytes {start}-{end}/{target.TotalLength}, got bytes {range.Start}-{range.End}/{range.Total}.");
        }
    }
}
