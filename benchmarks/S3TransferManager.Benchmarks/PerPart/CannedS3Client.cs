using System.Globalization;
using System.Net;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Benchmarks.PerPart;

/// <summary>
/// An S3 client that never reaches the network: GetObject answers any range of one object of <c>length</c> bytes with
/// a canned response (206, Content-Range, ETag, a <see cref="CannedBodyStream"/>), and HEAD answers that the object has
/// no stored checksum. The AWS SDK's HTTP pipeline (~65 KB per request) is out of the picture, so what a download
/// allocates per part here is this library's own cost plus this fake's, which <see cref="AnswerAsync"/> measures alone.
/// </summary>
/// <remarks>Each answer completes asynchronously (after a yield), as a real response does, so every async method on the
/// library's request path pays what it pays in production.</remarks>
internal sealed class CannedS3Client(long length) : AmazonS3Client(new BasicAWSCredentials("bench", "bench"),
    new AmazonS3Config { ServiceURL = "http://127.0.0.1:9", ForcePathStyle = true, AuthenticationRegion = "us-east-1" })
{
    public const string ETagValue = "\"canned-etag-1\"";

    // Content-Range per range start: built once, so that the fake's per-request cost is only its response and body.
    private readonly Dictionary<(long Start, long End), string> _contentRanges = [];

    public override Task<GetObjectResponse> GetObjectAsync(GetObjectRequest request, CancellationToken cancellationToken = default) =>
        AnswerAsync(request.ByteRange);

    public override async Task<GetObjectMetadataResponse> GetObjectMetadataAsync(GetObjectMetadataRequest request, CancellationToken cancellationToken = default)
    {
        await Task.Yield();
        return new GetObjectMetadataResponse { HttpStatusCode = HttpStatusCode.OK, ETag = ETagValue, ContentLength = length };
    }

    /// <summary>The answer to a GET of <paramref name="range"/> (the whole object when null).</summary>
    public async Task<GetObjectResponse> AnswerAsync(ByteRange? range)
    {
        await Task.Yield();
        if (range is null)
        {
            return new GetObjectResponse
            {
                HttpStatusCode = HttpStatusCode.OK, ContentLength = length, ETag = ETagValue, ResponseStream = new CannedBodyStream(length),
            };
        }

        long start = range.Start;
        long end = Math.Min(range.End, length - 1);
        string contentRange;
        lock (_contentRanges)
        {
            if (!_contentRanges.TryGetValue((start, end), out contentRange!))
            {
                contentRange = string.Create(CultureInfo.InvariantCulture, $"bytes {start}-{end}/{length}");
                _contentRanges[(start, end)] = contentRange;
            }
        }

        return new GetObjectResponse
        {
            HttpStatusCode = HttpStatusCode.PartialContent,
            ContentRange = contentRange,
            ContentLength = end - start + 1,
            ETag = ETagValue,
            ResponseStream = new CannedBodyStream(end - start + 1),
        };
    }
}
