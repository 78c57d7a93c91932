using System.Xml;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>
/// DeleteObjects (POST <c>?delete</c>): deletes every key the <c>&lt;Delete&gt;</c> document names (at most 1,000, as
/// S3 allows) and answers 200 with a <c>&lt;DeleteResult&gt;</c> listing each key as deleted, or none in quiet mode. A
/// key that does not exist counts as deleted, as S3 reports it for an unversioned bucket.
/// </summary>
internal static class DeleteObjectsHandler
{
    private const int MaxKeys = 1000;

    private static readonly XmlReaderSettings s_settings = new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        IgnoreWhitespace = true,
        IgnoreComments = true,
    };

    public static async Task HandleAsync(HttpContext context, ObjectStore store, S3Bucket bucket)
    {
        RequestBody body = await RequestBodyReader.ReadAsync(context.Request, store.Pool, computeMd5: false, decodeAwsChunked: true, context.RequestAborted);
        (List<string> Keys, bool Quiet)? document = TryParse(body.Data.ToArray());
        if (document is not { } delete || delete.Keys.Count is 0 or > MaxKeys)
        {
            await S3ErrorWriter.MalformedXmlAsync(context);
            return;
        }

        foreach (string key in delete.Keys)
        {
            bucket.TryDelete(key);
        }

        await S3Xml.WriteAsync(context, StatusCodes.Status200OK, delete, static (writer, deleted) =>
        {
            writer.WriteStartElement("DeleteResult", S3Xml.Namespace);
            foreach (string key in deleted.Quiet ? [] : deleted.Keys)
            {
                writer.WriteStartElement("Deleted");
                writer.WriteElementString("Key", key);
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
        });
    }

    /// <summary>The keys named and whether quiet mode is asked for; <see langword="null"/> when the document is malformed.</summary>
    private static (List<string>, bool)? TryParse(byte[] document)
    {
        var keys = new List<string>();
        bool quiet = false;
        try
        {
            using var stream = new MemoryStream(document);
            using var reader = XmlReader.Create(stream, s_settings);
            reader.MoveToContent();
            while (!reader.EOF)
            {
                // ReadElementContentAsString moves past the element itself, so only the other branch calls Read().
                if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "Key")
                {
                    keys.Add(reader.ReadElementContentAsString());
                }
                else if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "Quiet")
                {
                    quiet = string.Equals(reader.ReadElementContentAsString().Trim(), "true", StringComparison.OrdinalIgnoreCase);
                }
                else
                {
                    reader.Read();
                }
            }
        }
        catch (XmlException)
        {
            return null;
        }

        return (keys, quiet);
    }
}
