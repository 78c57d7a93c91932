using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>GetObject and HeadObject: whole objects, byte ranges, <c>?partNumber=N</c>, and conditional requests.</summary>
internal static class GetObjectHandler
{
    private static readonly Func<HttpContext, StoredObject, Task> s_serveAsS3 =
        (context, storedObject) => ServeAsync(context, storedObject, motoHead: false, emptyRangeAsOneByte: false);

    private static readonly Func<HttpContext, StoredObject, Task> s_serveAsMoto =
        (context, storedObject) => ServeAsync(context, storedObject, motoHead: true, emptyRangeAsOneByte: false);

    private static readonly Func<HttpContext, StoredObject, Task> s_serveAsS3rver =
        (context, storedObject) => ServeAsync(context, storedObject, motoHead: false, emptyRangeAsOneByte: true);

    public static Task HandleAsync(HttpContext context, ObjectStore store, S3Bucket bucket, string key) =>
        AcquiredObject.ReadAsync(context, bucket, key,
            store.Habits.EmptyObjectRangeAnsweredAsOneByte ? s_serveAsS3rver
            : store.ChecksumStyle == InMemoryS3ChecksumStyle.S3 ? s_serveAsS3
            : s_serveAsMoto);

    /// <param name="context">The request.</param>
    /// <param name="storedObject">The object, held for the read.</param>
    /// <param name="motoHead">Whether a HEAD describes a composite checksum as moto does (bare: no <c>-N</c>, no type).</param>
    /// <param name="emptyRangeAsOneByte">Whether a ranged GET of an empty object is answered as s3rver 3.7 does.</param>
    private static async Task ServeAsync(HttpContext context, StoredObject storedObject, bool motoHead, bool emptyRangeAsOneByte)
    {
        HttpRequest request = context.Request;
        HttpResponse response = context.Response;
        int precondition = ConditionalRequest.Evaluate(request, storedObject);
        if (precondition == StatusCodes.Status304NotModified)
        {
            ObjectHeaders.WriteValidators(response, storedObject);
            response.StatusCode = precondition;
            return;
        }

        if (precondition != 0)
        {
            await S3ErrorWriter.WriteAsync(context, precondition, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold");
            return;
        }

        string? partNumberText = request.Query["partNumber"];
        string? rangeText = request.Headers.Range;
        long offset = 0;
        long count = storedObject.Length;
        bool partial;
        if (partNumberText is not null)
        {
            if (rangeText is not null)
            {
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "InvalidRequest", "Cannot specify both Range header and partNumber query parameter");
                return;
            }

            if (!int.TryParse(partNumberText, NumberStyles.None, CultureInfo.InvariantCulture, out int partNumber) || partNumber < 1 || partNumber > 10000)
            {
                await S3ErrorWriter.InvalidArgumentAsync(context, "Part number must be an integer between 1 and 10000, inclusive");
                return;
            }

            if (!TryResolvePart(storedObject, partNumber, out offset, out count))
            {
                response.Headers.ContentRange = "bytes */" + storedObject.ContentLengthHeader;
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status416RangeNotSatisfiable, "InvalidPartNumber", "The requested partnumber is not satisfiable");
                return;
            }

            if (storedObject.IsMultipart)
            {
                response.Headers["x-amz-mp-parts-count"] = storedObject.PartCount.ToString(CultureInfo.InvariantCulture);
            }

            // S3 answers a partNumber request with 206 even when part 1 is the whole object; an empty object has no
            // byte range to describe, so it gets a plain 200.
            partial = count > 0;
        }
        else if (RangeHeader.TryParse(rangeText, out RangeHeader range))
        {
            if (emptyRangeAsOneByte && storedObject.Length == 0)
            {
                await AnswerEmptyRangeAsS3rverAsync(context, storedObject);
                return;
            }

            if (!range.TryResolve(storedObject.Length, out offset, out count))
            {
                response.Headers.ContentRange = "bytes */" + storedObject.ContentLengthHeader;
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status416RangeNotSatisfiable, "InvalidRange", "The requested range is not satisfiable");
                return;
            }

            partial = true;
        }
        else
        {
            partial = false;
        }

        // Full-object checksums describe the whole object only, so S3 omits them from partial responses.
        bool includeChecksums = !partial && IsChecksumModeEnabled(request);
        ObjectHeaders.WriteRepresentation(response, storedObject, includeChecksums, bareComposite: motoHead && HttpMethods.IsHead(request.Method));
        response.ContentLength = count;
        if (partial)
        {
            response.StatusCode = StatusCodes.Status206PartialContent;
            response.Headers.ContentRange = string.Create(
                CultureInfo.InvariantCulture,
                $"bytes {offset}-{offset + count - 1}/{storedObject.Length}");
        }

        if (HttpMethods.IsHead(request.Method) || count == 0)
        {
            return;
        }

        await ObjectBodyWriter.WriteAsync(response, storedObject, offset, count, context.RequestAborted);
    }

    /// <summary>
    /// s3rver 3.7's answer to a ranged GET of an empty object: 206, <c>Content-Range: bytes 0-0/0</c>, a
    /// <c>Content-Length</c> of 1, and the connection closed before any byte of body.
    /// </summary>
    private static async Task AnswerEmptyRangeAsS3rverAsync(HttpContext context, StoredObject storedObject)
    {
        HttpResponse response = context.Response;
        ObjectHeaders.WriteRepresentation(response, storedObject, includeChecksums: false, bareComposite: false);
        response.StatusCode = StatusCodes.Status206PartialContent;
        response.Headers.ContentRange = "bytes 0-0/0";
        response.ContentLength = 1;
        if (HttpMethods.IsHead(context.Request.Method))
        {
            return;
        }

        // Headers out, then the handler ends one byte short of Content-Length: Kestrel closes the connection (FIN), as
        // s3rver does. An abort would be a reset, on which the client may drop the headers it had not read yet.
        await response.StartAsync(context.RequestAborted);
        await response.Body.FlushAsync(context.RequestAborted);
    }

    private static bool TryResolvePart(StoredObject storedObject, int partNumber, out long offset, out long count)
    {
        if (!storedObject.IsMultipart)
        {
            offset = 0;
            count = storedObject.Length;
            return partNumber == 1;
        }

        if (partNumber > storedObject.PartCount)
        {
            offset = 0;
            count = 0;
            return false;
        }

        (offset, count) = storedObject.GetPartRange(partNumber);
        return true;
    }

    private static bool IsChecksumModeEnabled(HttpRequest request) =>
        string.Equals(request.Headers["x-amz-checksum-mode"], "ENABLED", StringComparison.OrdinalIgnoreCase);
}
