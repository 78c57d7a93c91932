using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>ListParts (<c>GET ?uploadId=ID</c>): the uploaded parts in part-number order, with part-number-marker and max-parts.</summary>
internal static class ListPartsHandler
{
    private const int DefaultMaxParts = 1000;

    public static Task HandleAsync(HttpContext context, S3Bucket bucket, string key)
    {
        IQueryCollection query = context.Request.Query;
        if (!bucket.TryGetUpload(query["uploadId"].ToString(), key, out MultipartUpload? upload))
        {
            return S3ErrorWriter.NoSuchUploadAsync(context);
        }

        int marker = int.TryParse(query["part-number-marker"], NumberStyles.None, CultureInfo.InvariantCulture, out int m) ? m : 0;
        int maxParts = int.TryParse(query["max-parts"], NumberStyles.None, CultureInfo.InvariantCulture, out int max) ? Math.Min(max, DefaultMaxParts) : DefaultMaxParts;
        var parts = new List<UploadedPart>();
        foreach (UploadedPart part in upload.Parts.Values)
        {
            if (part.PartNumber > marker)
            {
                parts.Add(part);
            }
        }

        parts.Sort(static (a, b) => a.PartNumber.CompareTo(b.PartNumber));
        bool truncated = parts.Count > maxParts;
        if (truncated)
        {
            parts.RemoveRange(maxParts, parts.Count - maxParts);
        }

        var state = (Bucket: bucket.Name, Upload: upload, Marker: marker, MaxParts: maxParts, Truncated: truncated, Parts: parts);
        return S3Xml.WriteAsync(context, StatusCodes.Status200OK, state, static (writer, s) =>
        {
            writer.WriteStartElement("ListPartsResult", S3Xml.Namespace);
            writer.WriteElementString("Bucket", s.Bucket);
            writer.WriteElementString("Key", s.Upload.Key);
            writer.WriteElementString("UploadId", s.Upload.UploadId);
            writer.WriteElementString("StorageClass", "STANDARD");
            writer.WriteElementString("PartNumberMarker", s.Marker.ToString(CultureInfo.InvariantCulture));
            if (s.Parts.Count > 0)
            {
                writer.WriteElementString("NextPartNumberMarker", s.Parts[^1].PartNumber.ToString(CultureInfo.InvariantCulture));
            }

            writer.WriteElementString("MaxParts", s.MaxParts.ToString(CultureInfo.InvariantCulture));
            writer.WriteElementString("IsTruncated", s.Truncated ? "true" : "false");
            foreach (UploadedPart part in s.Parts)
            {
                writer.WriteStartElement("Part");
                writer.WriteElementString("PartNumber", part.PartNumber.ToString(CultureInfo.InvariantCulture));
                writer.WriteElementString("LastModified", S3Xml.FormatTimestamp(part.LastModified));
                writer.WriteElementString("ETag", part.ETag);
                writer.WriteElementString("Size", part.Data.Length.ToString(CultureInfo.InvariantCulture));
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
        });
    }
}
