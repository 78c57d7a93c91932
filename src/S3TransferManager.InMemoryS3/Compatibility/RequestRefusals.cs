using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;

namespace S3TransferManager.InMemoryS3.Compatibility;

/// <summary>
/// The requests a server with fewer features than S3 refuses before reading them, each answered as that server answers
/// it: checksum headers (Backblaze B2), aws-chunked bodies and <c>partNumber</c> GETs (OpenStack Swift's s3api),
/// DeleteObjects (Google Cloud Storage's XML API).
/// </summary>
internal static class RequestRefusals
{
    /// <summary>The refusal's answer, or <see langword="null"/> when <paramref name="habits"/> serve the request.</summary>
    public static Task? TryRefuse(HttpContext context, ServerHabits habits, S3Operation operation)
    {
        HttpRequest request = context.Request;
        if (!habits.SupportsChecksumHeaders && FindChecksumHeader(request) is { } header)
        {
            return S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "InvalidArgument",
                $"Unsupported header '{header}' received for this API call.");
        }

        if (habits.AwsChunkedBodies == InMemoryS3AwsChunkedBodies.NotImplemented && AwsChunked.IsUsedBy(request))
        {
            return S3ErrorWriter.WriteAsync(context, StatusCodes.Status501NotImplemented, "NotImplemented",
                "Transfering payloads in multiple chunks using aws-chunked is not supported.");
        }

        if (!habits.SupportsPartNumberGet && operation is S3Operation.GetObjectPart or S3Operation.HeadObject
            && request.Query.ContainsKey("partNumber"))
        {
            return S3ErrorWriter.WriteAsync(context, StatusCodes.Status405MethodNotAllowed, "MethodNotAllowed",
                "The specified method is not allowed against this resource.");
        }

        if (!habits.SupportsDeleteObjects && operation == S3Operation.DeleteObjects)
        {
            return S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "NotImplemented",
                "A header or query you provided requested a function that is not implemented.");
        }

        return null;
    }

    /// <summary>The first <c>x-amz-checksum-*</c> or <c>x-amz-sdk-checksum-algorithm</c> header, in the request's order.</summary>
    private static string? FindChecksumHeader(HttpRequest request)
    {
        foreach (KeyValuePair<string, Microsoft.Extensions.Primitives.StringValues> header in request.Headers)
        {
            if (header.Key.StartsWith("x-amz-checksum-", StringComparison.OrdinalIgnoreCase)
                || header.Key.Equals("x-amz-sdk-checksum-algorithm", StringComparison.OrdinalIgnoreCase))
            {
                return header.Key.ToLowerInvariant();
            }
        }

        return null;
    }
}
