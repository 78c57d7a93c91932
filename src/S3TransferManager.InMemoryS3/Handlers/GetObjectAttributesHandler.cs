using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>
/// GetObjectAttributes (<c>GET ?attributes</c>, the attributes named in <c>x-amz-object-attributes</c>): ETag,
/// ObjectSize, StorageClass, Checksum and ObjectParts. As on S3, the parts are listed (paged by
/// <c>x-amz-max-parts</c> and <c>x-amz-part-number-marker</c>) only for an object with a composite checksum, each with
/// its size and its own checksum, so that a download can check the composite value. In moto's style
/// (<see cref="InMemoryS3ChecksumStyle.Moto"/>) no parts are listed.
/// </summary>
internal static class GetObjectAttributesHandler
{
    private const int DefaultMaxParts = 1000;

    public static Task HandleAsync(HttpContext context, ObjectStore store, S3Bucket bucket, string key) =>
        AcquiredObject.ReadAsync(context, bucket, key, (c, storedObject) => AnswerAsync(c, store, storedObject));

    private static async Task AnswerAsync(HttpContext context, ObjectStore store, StoredObject storedObject)
    {
        IHeaderDictionary headers = context.Request.Headers;
        var attributes = new HashSet<string>(
            headers["x-amz-object-attributes"].ToString().Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries),
            StringComparer.OrdinalIgnoreCase);
        if (attributes.Count == 0)
        {
            await S3ErrorWriter.InvalidArgumentAsync(context, "x-amz-object-attributes header specifying the attributes to be retrieved is either missing or empty");
            return;
        }

        int marker = int.TryParse(headers["x-amz-part-number-marker"], NumberStyles.None, CultureInfo.InvariantCulture, out int m) ? m : 0;
        int maxParts = int.TryParse(headers["x-amz-max-parts"], NumberStyles.None, CultureInfo.InvariantCulture, out int max)
            ? Math.Min(max, DefaultMaxParts) : DefaultMaxParts;
        context.Response.Headers.LastModified = storedObject.LastModifiedHeader;
        // moto lists no parts at all.
        bool listParts = store.ChecksumStyle == InMemoryS3ChecksumStyle.S3;
        await S3Xml.WriteAsync(context, StatusCodes.Status200OK,
            (Object: storedObject, Attributes: attributes, Marker: marker, MaxParts: maxParts, ListParts: listParts),
            static (writer, s) =>
            {
                writer.WriteStartElement("GetObjectAttributesResponse", S3Xml.Namespace);
                if (s.Attributes.Contains("ETag"))
                {
                    writer.WriteElementString("ETag", s.Object.ETag.Trim('"'));
                }

                if (s.Attributes.Contains("Checksum"))
                {
                    WriteChecksum(writer, s.Object);
                }

                if (s.Attributes.Contains("ObjectParts") && s.Object.IsMultipart && s.ListParts)
                {
                    WriteParts(writer, s.Object, s.Marker, s.MaxParts);
                }

                if (s.Attributes.Contains("StorageClass"))
                {
                    writer.WriteElementString("StorageClass", "STANDARD");
                }

                if (s.Attributes.Contains("ObjectSize"))
                {
                    writer.WriteElementString("ObjectSize", s.Object.ContentLengthHeader);
                }

                writer.WriteEndElement();
            });
    }

    /// <summary>The stored checksum; GetObjectAttributes gives a composite value without its <c>-N</c> suffix.</summary>
    private static void WriteChecksum(System.Xml.XmlWriter writer, StoredObject storedObject)
    {
        string type = "FULL_OBJECT";
        (string Element, string Value)? checksum = null;
        foreach (KeyValuePair<string, string> pair in storedObject.Checksums)
        {
            if (pair.Key.Equals("x-amz-checksum-type", StringComparison.OrdinalIgnoreCase))
            {
                type = pair.Value;
            }
            else
            {
                string element = "Checksum" + pair.Key["x-amz-checksum-".Length..].ToUpperInvariant();
                int dash = pair.Value.LastIndexOf('-');
                checksum = (element, dash > 0 ? pair.Value[..dash] : pair.Value);
            }
        }

        if (checksum is { } found)
        {
            writer.WriteStartElement("Checksum");
            writer.WriteElementString(found.Element, found.Value);
            writer.WriteElementString("ChecksumType", type);
            writer.WriteEndElement();
        }
    }

    private static void WriteParts(System.Xml.XmlWriter writer, StoredObject storedObject, int marker, int maxParts)
    {
        int first = Math.Min(marker, storedObject.PartCount);
        int last = Math.Min(storedObject.PartCount, first + maxParts);
        bool truncated = last < storedObject.PartCount;
        writer.WriteStartElement("ObjectParts");
        writer.WriteElementString("PartsCount", storedObject.PartCount.ToString(CultureInfo.InvariantCulture));
        writer.WriteElementString("PartNumberMarker", marker.ToString(CultureInfo.InvariantCulture));
        writer.WriteElementString("NextPartNumberMarker", last.ToString(CultureInfo.InvariantCulture));
        writer.WriteElementString("MaxParts", maxParts.ToString(CultureInfo.InvariantCulture));
        writer.WriteElementString("IsTruncated", truncated ? "true" : "false");
        if (storedObject.Composite is { } composite)
        {
            // S3 lists the parts only when they carry checksums.
            for (int index = first; index < last; index++)
            {
                writer.WriteStartElement("Part");
                writer.WriteElementString(composite.ElementName, composite.PartChecksums[index]);
                writer.WriteElementString("PartNumber", (index + 1).ToString(CultureInfo.InvariantCulture));
                writer.WriteElementString("Size", storedObject.PartLength(index).ToString(CultureInfo.InvariantCulture));
                writer.WriteEndElement();
            }
        }

        writer.WriteEndElement();
    }
}
