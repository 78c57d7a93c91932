using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Evaluates If-Match, If-None-Match, If-Unmodified-Since and If-Modified-Since the way S3 does for GET/HEAD.</summary>
internal static class ConditionalRequest
{
    /// <summary>412, 304, or 0 when the request should be served.</summary>
    public static int Evaluate(HttpRequest request, StoredObject storedObject)
    {
        string? ifMatch = request.Headers.IfMatch;
        string? ifNoneMatch = request.Headers.IfNoneMatch;
        if (ifMatch is not null)
        {
            if (!ETags.ListMatches(ifMatch, storedObject.ETag))
            {
                return StatusCodes.Status412PreconditionFailed;
            }
        }
        else if (TryParseDate(request.Headers.IfUnmodifiedSince, out DateTimeOffset unmodifiedSince)
            && storedObject.LastModified > unmodifiedSince)
        {
            return StatusCodes.Status412PreconditionFailed;
        }

        if (ifNoneMatch is not null)
        {
            if (ETags.ListMatches(ifNoneMatch, storedObject.ETag))
            {
                return StatusCodes.Status304NotModified;
            }
        }
        else if (TryParseDate(request.Headers.IfModifiedSince, out DateTimeOffset modifiedSince)
            && storedObject.LastModified <= modifiedSince)
        {
            return StatusCodes.Status304NotModified;
        }

        return 0;
    }

    private static bool TryParseDate(string? value, out DateTimeOffset date) =>
        DateTimeOffset.TryParse(value, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out date);
}
