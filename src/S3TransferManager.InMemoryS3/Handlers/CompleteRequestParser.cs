using System.Globalization;
using System.Xml;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>Reads the <c>&lt;CompleteMultipartUpload&gt;</c> document: the (PartNumber, ETag) pairs, in document order.</summary>
internal static class CompleteRequestParser
{
    private static readonly XmlReaderSettings s_settings = new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        IgnoreWhitespace = true,
        IgnoreComments = true,
    };

    /// <summary>The listed parts, or <see langword="null"/> when the document is malformed.</summary>
    public static List<(int PartNumber, string ETag)>? TryParse(byte[] document)
    {
        var parts = new List<(int, string)>();
        try
        {
            using var stream = new MemoryStream(document);
            using var reader = XmlReader.Create(stream, s_settings);
            int partNumber = 0;
            string? eTag = null;
            reader.MoveToContent();

            // ReadElementContentAsString moves past the element itself, so only the other branches call Read().
            while (!reader.EOF)
            {
                if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "Part")
                {
                    partNumber = 0;
                    eTag = null;
                }
                else if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "PartNumber")
                {
                    partNumber = int.Parse(reader.ReadElementContentAsString(), NumberStyles.None, CultureInfo.InvariantCulture);
                    continue;
                }
                else if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "ETag")
                {
                    eTag = reader.ReadElementContentAsString();
                    continue;
                }
                else if (reader.NodeType == XmlNodeType.EndElement && reader.LocalName == "Part")
                {
                    if (partNumber == 0 || eTag is null)
                    {
                        return null;
                    }

                    parts.Add((partNumber, eTag));
                }

                reader.Read();
            }
        }
        catch (Exception ex) when (ex is XmlException or FormatException or OverflowException)
        {
            return null;
        }

        return parts;
    }
}
