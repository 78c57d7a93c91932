using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Moves object headers between HTTP messages and <see cref="StoredObject"/>: metadata in, the GET/HEAD set out.</summary>
internal static class ObjectHeaders
{
    public const string DefaultContentType = "binary/octet-stream";

    /// <summary>The <c>x-amz-meta-*</c> headers of a request, names in lower case.</summary>
    public static List<KeyValuePair<string, string>> ReadMetadata(HttpRequest request)
    {
        var metadata = new List<KeyValuePair<string, string>>();
        foreach (KeyValuePair<string, Microsoft.Extensions.Primitives.StringValues> header in request.Headers)
        {
            if (header.Key.StartsWith("x-amz-meta-", StringComparison.OrdinalIgnoreCase))
            {
                metadata.Add(new(header.Key.ToLowerInvariant(), header.Value.ToString()));
            }
        }

        return metadata;
    }

    /// <summary>The content type to store: the request's, else S3's default.</summary>
    public static string ReadContentType(HttpRequest request) =>
        string.IsNullOrEmpty(request.ContentType) ? DefaultContentType : request.ContentType;

    /// <summary>The validators every object response carries, including 304s.</summary>
    public static void WriteValidators(HttpResponse response, StoredObject storedObject)
    {
        IHeaderDictionary headers = response.Headers;
        headers.ETag = storedObject.ETag;
        headers.LastModified = storedObject.LastModifiedHeader;
    }

    /// <summary>The representation headers of a GET/HEAD; Content-Length and Content-Range are set by the caller. With
    /// <paramref name="bareComposite"/>, a composite checksum goes without its <c>-N</c> and its type, as moto's HEAD
    /// sends it.</summary>
    public static void WriteRepresentation(HttpResponse response, StoredObject storedObject, bool includeChecksums, bool bareComposite = false)
    {
        WriteValidators(response, storedObject);
        IHeaderDictionary headers = response.Headers;
        headers.ContentType = storedObject.ContentType;
        headers.AcceptRanges = "bytes";
        foreach (KeyValuePair<string, string> pair in storedObject.Metadata)
        {
            headers[pair.Key] = pair.Value;
        }

        if (includeChecksums)
        {
            bool bare = bareComposite && storedObject.Composite is not null;
            foreach (KeyValuePair<string, string> pair in storedObject.Checksums)
            {
                if (!bare)
                {
                    headers[pair.Key] = pair.Value;
                }
                else if (!pair.Key.Equals("x-amz-checksum-type", StringComparison.OrdinalIgnoreCase))
                {
                    headers[pair.Key] = pair.Value[..pair.Value.LastIndexOf('-')];
                }
            }
        }
    }
}
