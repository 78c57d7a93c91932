using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>ListMultipartUploads (<c>GET /bucket?uploads</c>): every upload in progress, filtered by prefix, in one page.</summary>
internal static class ListMultipartUploadsHandler
{
    public static Task HandleAsync(HttpContext context, S3Bucket bucket)
    {
        string prefix = context.Request.Query["prefix"].ToString();
        var uploads = new List<MultipartUpload>();
        foreach (MultipartUpload upload in bucket.Uploads.Values)
        {
            if (upload.Key.StartsWith(prefix, StringComparison.Ordinal))
            {
                uploads.Add(upload);
            }
        }

        uploads.Sort(static (a, b) =>
        {
            int byKey = string.CompareOrdinal(a.Key, b.Key);
            return byKey != 0 ? byKey : a.Initiated.CompareTo(b.Initiated);
        });

        return S3Xml.WriteAsync(context, StatusCodes.Status200OK, (Bucket: bucket.Name, Prefix: prefix, Uploads: uploads), static (writer, state) =>
        {
            writer.WriteStartElement("ListMultipartUploadsResult", S3Xml.Namespace);
            writer.WriteElementString("Bucket", state.Bucket);
            writer.WriteElementString("KeyMarker", string.Empty);
            writer.WriteElementString("UploadIdMarker", string.Empty);
            writer.WriteElementString("Prefix", state.Prefix);
            writer.WriteElementString("MaxUploads", "1000");
            writer.WriteElementString("IsTruncated", "false");
            foreach (MultipartUpload upload in state.Uploads)
            {
                writer.WriteStartElement("Upload");
                writer.WriteElementString("Key", upload.Key);
                writer.WriteElementString("UploadId", upload.UploadId);
                writer.WriteElementString("StorageClass", "STANDARD");
                writer.WriteElementString("Initiated", S3Xml.FormatTimestamp(upload.Initiated));
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
        });
    }
}
