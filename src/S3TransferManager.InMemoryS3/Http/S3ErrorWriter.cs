using Microsoft.AspNetCore.Http;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Writes S3 error responses: the status code and an <c>&lt;Error&gt;</c> XML document (no body for HEAD).</summary>
internal static class S3ErrorWriter
{
    public static Task WriteAsync(HttpContext context, int statusCode, string code, string message)
    {
        HttpResponse response = context.Response;
        response.StatusCode = statusCode;
        if (HttpMethods.IsHead(context.Request.Method))
        {
            // S3 answers HEAD errors with the status alone: there is no body to carry the XML.
            return Task.CompletedTask;
        }

        return S3Xml.WriteAsync(context, statusCode, (Code: code, Message: message, Resource: context.Request.Path.Value), static (writer, state) =>
        {
            // S3 error documents carry no XML namespace.
            writer.WriteStartElement("Error");
            writer.WriteElementString("Code", state.Code);
            writer.WriteElementString("Message", state.Message);
            writer.WriteElementString("Resource", state.Resource);
            writer.WriteEndElement();
        });
    }

    public static Task NoSuchBucketAsync(HttpContext context) =>
        WriteAsync(context, StatusCodes.Status404NotFound, "NoSuchBucket", "The specified bucket does not exist");

    public static Task NoSuchKeyAsync(HttpContext context) =>
        WriteAsync(context, StatusCodes.Status404NotFound, "NoSuchKey", "The specified key does not exist.");

    public static Task NoSuchUploadAsync(HttpContext context) =>
        WriteAsync(
            context,
            StatusCodes.Status404NotFound,
            "NoSuchUpload",
            "The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.");

    /// <summary>A request document (CompleteMultipartUpload's, DeleteObjects') that is not XML or not of the schema.</summary>
    public static Task MalformedXmlAsync(HttpContext context) =>
        WriteAsync(
            context,
            StatusCodes.Status400BadRequest,
            "MalformedXML",
            "The XML you provided was not well-formed or did not validate against our published schema");

    public static Task InvalidArgumentAsync(HttpContext context, string message) =>
        WriteAsync(context, StatusCodes.Status400BadRequest, "InvalidArgument", message);

    public static Task NotImplementedAsync(HttpContext context) =>
        WriteAsync(
            context,
            StatusCodes.Status501NotImplemented,
            "NotImplemented",
            "This in-memory endpoint does not implement the requested operation.");
}
