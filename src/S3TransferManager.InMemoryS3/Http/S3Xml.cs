using System.Text;
using System.Xml;
using Microsoft.AspNetCore.Http;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Writes small XML response documents (listings, multipart results, errors) with a Content-Length.</summary>
internal static class S3Xml
{
    public const string Namespace = "http://s3.amazonaws.com/doc/2006-03-01/";

    private static readonly XmlWriterSettings s_settings = new()
    {
        Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
        Async = false,
    };

    public static async Task WriteAsync<TState>(
        HttpContext context,
        int statusCode,
        TState state,
        Action<XmlWriter, TState> writeBody)
    {
        using var buffer = new MemoryStream();
        using (XmlWriter writer = XmlWriter.Create(buffer, s_settings))
        {
            writer.WriteStartDocument();
            writeBody(writer, state);
            writer.WriteEndDocument();
        }

        HttpResponse response = context.Response;
        response.StatusCode = statusCode;
        response.ContentType = "application/xml";
        response.ContentLength = buffer.Length;
        await response.Body.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length), context.RequestAborted);
    }

    /// <summary>S3's timestamp format in listings: ISO 8601 with milliseconds, UTC.</summary>
    public static string FormatTimestamp(DateTimeOffset value) =>
        value.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture);
}
