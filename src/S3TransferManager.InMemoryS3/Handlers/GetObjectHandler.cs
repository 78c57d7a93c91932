using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>GetObject and HeadObject: whole objects, byte ranges, <c>?partNumber=N</c>, and conditional requests.</summary>
internal static class GetObjectHandler
{
    private static readonly Func<HttpContext, StoredObject, Task> s_serveAsS3 = (context, storedObject) => ServeAsync(context, storedObject, motoHead: false);
    private static readonly Func<HttpContext, StoredObject, Task> s_serveAsMoto = (context, storedObject) => ServeAsync(context, storedObject, motoHead: true);

    public static Task HandleAsync(HttpContext context, ObjectStore store, string bucketName, string key) =>
        AcquiredObject.ReadAsync(context, store, bucketName, key, store.ChecksumStyle == InMemoryS3ChecksumStyle.S3 ? s_serveAsS3 : s_serveAsMoto);

    /// <param name="context">The request.</param>
    /// <param name="storedObject">The object, held for the read.</param>
    /// <param name="motoHead">Whether a HEAD describes a composite checksum as moto does (bare: no <c>-N</c>, no type).</param>
    private static async Task ServeAsync(HttpContext context, StoredObject storedObject, bool motoHead)
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
