using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Internal;

namespace S3TransferManager.Download;

/// <summary>
/// The front half every download shares (to a file, as a stream, and later per object of a directory): discovery by a
/// ranged GET of the first part (never a HEAD, so a one-part object costs exactly one request), the logging, the first
/// response handed to part 1, each part's resumable body, and the mapping onto the caller's response.
/// </summary>
/// <remarks>Invariant: the first response has exactly one owner: this session until part 1's body takes it, and
/// <see cref="Dispose"/> releases it if no part ever did.</remarks>
internal sealed class DownloadSession : IDisposable
{
    private const string MetadataPrefix = "x-amz-meta-";

    private readonly RangeRequester _requester;
    private readonly TransferUtilityConfig _config;
    private readonly ILogger _logger;
    private GetObjectResponse? _firstResponse;

    private DownloadSession(RangeRequester requester, PartLayout layout, GetObjectResponse firstResponse, TransferUtilityConfig config, ILogger logger)
    {
        _requester = requester;
        Layout = layout;
        _firstResponse = firstResponse;
        _config = config;
        _logger = logger;
    }

    public DownloadTarget Target => _requester.Target;

    public PartLayout Layout { get; }

    /// <summary>Sends the first GET (<c>bytes=0-(PartSize-1)</c>, If-Match when the caller gave an ETag) and learns
    /// the object's size and ETag from it. An empty object answers that range with 416 InvalidRange; one plain GET then
    /// confirms it.</summary>
    public static async Task<DownloadSession> StartAsync(IAmazonS3 client, TransferUtilityConfig config, DownloadRequestBase request,
        ILogger logger, CancellationToken cancellationToken)
    {
        var getter = new ObjectGetter(client, request);
        GetObjectResponse response;
        try
        {
            response = await getter.GetAsync(new ByteRange(0, request.PartSize - 1), null, request.IfMatch, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.RequestedRangeNotSatisfiable)
        {
            response = await getter.GetAsync(range: null, null, request.IfMatch, cancellationToken).ConfigureAwait(false);
        }

        try
        {
            (DownloadTarget target, PartLayout layout) = Describe(request, response);
            Log.Discovered(logger, target.BucketName, target.Key, target.TotalLength, target.ETag, layout.PartCount);
            return new DownloadSession(new RangeRequester(getter, target), layout, response, config, logger);
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    /// <summary>The resumable body of a part: part 1 reads the discovery response, every other part sends its own
    /// ranged GET with If-Match (on its first read, or on <see cref="ResumableRangeStream.OpenAsync"/>).</summary>
    public ResumableRangeStream CreateBody(int partNumber) =>
        new(_requester, partNumber, Layout.StartOf(partNumber), Layout.EndOf(partNumber),
            partNumber == 1 ? Interlocked.Exchange(ref _firstResponse, null) : null,
            _config.InterruptedBodyRetryAttempts, _config.InterruptedBodyRetryDelay, _logger);

    /// <summary>Fills the object's description into the caller's response.</summary>
    public void DescribeInto(TransferUtilityGetObjectResponseBase response)
    {
        DownloadTarget target = Target;
        response.ETag = target.ETag;
        response.ContentLength = target.TotalLength;
        response.ContentType = target.ContentType;
        response.LastModified = target.LastModified;
        response.VersionId = target.VersionId;
        response.Metadata = target.Metadata;
    }

    public void LogFailed(Exception error) => Log.DownloadFailed(_logger, Target.BucketName, Target.Key, error);

    /// <summary>Logs the end of a download; <paramref name="destination"/> names where the bytes went.</summary>
    public void LogCompleted(string destination) =>
        Log.DownloadCompleted(_logger, Target.BucketName, Target.Key, Target.TotalLength, destination);

    /// <summary>Disposes the discovery response if part 1 never took it (the transfer stopped first).</summary>
    public void Dispose() => Interlocked.Exchange(ref _firstResponse, null)?.Dispose();

    private static (DownloadTarget Target, PartLayout Layout) Describe(DownloadRequestBase request, GetObjectResponse response)
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
        return (target, layout);
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
