using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager.Download;

/// <summary>
/// The one place a download's <see cref="GetObjectRequest"/> is built: every GET of one download (the first, the
/// parts, the resumes) names the object and carries the caller's options the same way.
/// </summary>
internal sealed class ObjectGetter(DownloadRequestBase request)
{
    public string BucketName => request.BucketName!;

    public string Key => request.Key!;

    /// <summary>A GET of <paramref name="range"/> (the whole object when null; part <paramref name="partNumber"/> as the
    /// uploader cut it, when set) of <paramref name="versionId"/> (the caller's version when null), with If-Match on
    /// <paramref name="ifMatch"/> when set; <paramref name="withChecksum"/> asks S3 to send the stored checksum (it does
    /// for a whole-object GET).</summary>
    public GetObjectRequest Build(ByteRange? range, string? versionId, string? ifMatch, bool withChecksum = false, int? partNumber = null)
    {
        var get = new GetObjectRequest
        {
            BucketName = request.BucketName,
            Key = request.Key,
            VersionId = versionId ?? request.VersionId,
            ByteRange = range,
            PartNumber = partNumber,
            EtagToMatch = ifMatch,
            ChecksumMode = withChecksum ? ChecksumMode.ENABLED : null,
        };
        RequestOptions.ApplyTo(request, get);
        return get;
    }

    /// <summary>The first GET of a download, as <paramref name="first"/> describes it.</summary>
    public GetObjectRequest Build(FirstGet first) => Build(first.Range, null, first.IfMatch, first.WithChecksum, first.PartNumber);
}
