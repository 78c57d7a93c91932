using System.Net;
using Amazon.S3.Model;
using S3TransferManager.Parts;
using S3TransferManager.Resume;

namespace S3TransferManager.Download;

/// <summary>The object a resumed download's first GET answered for: the part it asked for, of the size the journal
/// recorded (If-Match already pinned the version), cut into the journal's parts.</summary>
internal static class ResumedTarget
{
    /// <exception cref="UnexpectedResponseException">The answer is not exactly the part asked for.</exception>
    public static (DownloadTarget Target, PartLayout Layout) Describe(DownloadRequestBase request, GetObjectResponse response, ResumePoint resume)
    {
        PartLayout layout = resume.Layout;
        long start = layout.StartOf(resume.FirstPart);
        long end = layout.EndOf(resume.FirstPart);
        if (response.HttpStatusCode != HttpStatusCode.PartialContent || !ContentRange.TryParse(response.ContentRange, out ContentRange range)
            || range.Start != start || range.End != end || range.Total != layout.TotalLength)
        {
            throw new UnexpectedResponseException(request.BucketName!, request.Key!,
                $"asked for bytes {start}-{end}/{layout.TotalLength} to resume the download, got HTTP {(int)response.HttpStatusCode} with Content-Range '{response.ContentRange}'.");
        }

        var target = new DownloadTarget(request.BucketName!, request.Key!, response.VersionId ?? request.VersionId, response.ETag ?? resume.ETag,
            layout.TotalLength, response.Headers.ContentType, response.LastModified, response.Metadata);
        return (target, layout);
    }
}
