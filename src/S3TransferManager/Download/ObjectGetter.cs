using System.Net;
using System.Runtime.CompilerServices;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Download;

/// <summary>
/// The one place a download's <see cref="GetObjectRequest"/> is built and sent. Every GET of one download (discovery,
/// parts, resumes) names the object and carries the caller's options the same way, and a refused If-Match (HTTP 412)
/// becomes an <see cref="ObjectModifiedException"/> here and nowhere else.
/// </summary>
internal sealed class ObjectGetter
{
    private readonly IAmazonS3 _client;
    private readonly DownloadRequestBase _request;

    public ObjectGetter(IAmazonS3 client, DownloadRequestBase request)
    {
        _client = client;
        _request = request;
    }

    public string BucketName => _request.BucketName!;

    public string Key => _request.Key!;

    /// <summary>GETs <paramref name="range"/> (the whole object when null; part <paramref name="partNumber"/> as the
    /// uploader cut it, when set) of <paramref name="versionId"/> (the caller's version when null), with If-Match on
    /// <paramref name="ifMatch"/> when set. The caller owns the response.</summary>
    /// <exception cref="ObjectModifiedException">The object no longer has <paramref name="ifMatch"/>.</exception>
    /// <remarks><c>withChecksum</c> asks S3 to send the stored checksum (it does for a whole-object GET). Sent once per
    /// part: its state machine comes from a pool rather than being allocated each time the response is awaited.</remarks>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<GetObjectResponse> GetAsync(ByteRange? range, string? versionId, string? ifMatch, CancellationToken cancellationToken,
        bool withChecksum = false, int? partNumber = null)
    {
        var request = new GetObjectRequest
        {
            BucketName = _request.BucketName,
            Key = _request.Key,
            VersionId = versionId ?? _request.VersionId,
            ByteRange = range,
            PartNumber = partNumber,
            EtagToMatch = ifMatch,
            ChecksumMode = withChecksum ? ChecksumMode.ENABLED : null,
        };
        GetObjectOptions.ApplyTo(_request, request);

        TransferMetrics.RequestSent(RpcMethods.GetObject, BucketName);
        try
        {
            return await _client.GetObjectAsync(request, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.PreconditionFailed && ifMatch is not null)
        {
            throw new ObjectModifiedException(BucketName, Key, ifMatch, actualETag: null, e);
        }
    }
}
