using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>CreateMultipartUpload (<c>POST ?uploads</c>): records content type and metadata, returns an UploadId.</summary>
internal static class CreateMultipartUploadHandler
{
    public static Task HandleAsync(HttpContext context, S3Bucket bucket, string key)
    {
        HttpRequest request = context.Request;
        var upload = new MultipartUpload(
            Guid.NewGuid().ToString("N"),
            key,
            ObjectHeaders.ReadContentType(request),
            ObjectHeaders.ReadMetadata(request));
        bucket.Uploads[upload.UploadId] = upload;
        string? checksumAlgorithm = request.Headers["x-amz-checksum-algorithm"];
        if (!string.IsNullOrEmpty(checksumAlgorithm))
        {
            context.Response.Headers["x-amz-checksum-algorithm"] = checksumAlgorithm;
        }

        return S3Xml.WriteAsync(context, StatusCodes.Status200OK, (Bucket: bucket.Name, Upload: upload), static (writer, state) =>
        {
            writer.WriteStartElement("InitiateMultipartUploadResult", S3Xml.Namespace);
            writer.WriteElementString("Bucket", state.Bucket);
            writer.WriteElementString("Key", state.Upload.Key);
            writer.WriteElementString("UploadId", state.Upload.UploadId);
            writer.WriteEndElement();
        });
    }
}
