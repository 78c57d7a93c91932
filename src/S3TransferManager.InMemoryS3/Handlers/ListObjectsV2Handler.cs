using System.Globalization;
using System.Text;
using System.Xml;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>
/// ListObjectsV2: keys in ordinal (UTF-16 code unit) order, with prefix, delimiter, max-keys, start-after and
/// continuation-token (the base64 of the last key or common prefix returned). Listing sorts the bucket's keys on
/// every request, which is fine for tests and directory benchmarks, not for millions of keys.
/// </summary>
internal static class ListObjectsV2Handler
{
    private const int DefaultMaxKeys = 1000;

    public static Task HandleAsync(HttpContext context, S3Bucket bucket)
    {
        IQueryCollection query = context.Request.Query;
        var listing = new Listing
        {
            Bucket = bucket.Name,
            Prefix = query["prefix"].ToString(),
            Delimiter = query["delimiter"].ToString(),
            StartAfter = query["start-after"].ToString(),
            ContinuationToken = query["continuation-token"].ToString(),
            UrlEncode = string.Equals(query["encoding-type"], "url", StringComparison.OrdinalIgnoreCase),
            MaxKeys = DefaultMaxKeys,
        };
        if (query.TryGetValue("max-keys", out Microsoft.Extensions.Primitives.StringValues maxKeysText))
        {
            if (!int.TryParse(maxKeysText, NumberStyles.None, CultureInfo.InvariantCulture, out int maxKeys))
            {
                return S3ErrorWriter.InvalidArgumentAsync(context, "Provided max-keys not an integer or within integer range");
            }

            listing.MaxKeys = Math.Min(maxKeys, DefaultMaxKeys);
        }

        string marker = listing.StartAfter;
        if (listing.ContinuationToken.Length > 0)
        {
            try
            {
                marker = Encoding.UTF8.GetString(Convert.FromBase64String(listing.ContinuationToken));
            }
            catch (FormatException)
            {
                return S3ErrorWriter.InvalidArgumentAsync(context, "The continuation token provided is incorrect");
            }
        }

        Collect(bucket, listing, marker);
        return S3Xml.WriteAsync(context, StatusCodes.Status200OK, listing, WriteResult);
    }

    private static void Collect(S3Bucket bucket, Listing listing, string marker)
    {
        var keys = new List<string>();
        foreach (string key in bucket.Objects.Keys)
        {
            if (key.StartsWith(listing.Prefix, StringComparison.Ordinal) && string.CompareOrdinal(key, marker) > 0)
            {
                keys.Add(key);
            }
        }

        keys.Sort(StringComparer.Ordinal);
        string? lastReturned = null;
        foreach (string key in keys)
        {
            string? commonPrefix = GetCommonPrefix(key, listing.Prefix, listing.Delimiter);
            if (commonPrefix is not null && lastReturned == commonPrefix)
            {
                continue;
            }

            // A marker that is a common prefix resumes after every key under it.
            if (marker.Length > 0 && listing.Delimiter.Length > 0 && marker.EndsWith(listing.Delimiter, StringComparison.Ordinal)
                && key.StartsWith(marker, StringComparison.Ordinal))
            {
                continue;
            }

            if (listing.Contents.Count + listing.CommonPrefixes.Count >= listing.MaxKeys)
            {
                listing.IsTruncated = true;
                break;
            }

            if (commonPrefix is not null)
            {
                listing.CommonPrefixes.Add(commonPrefix);
                lastReturned = commonPrefix;
            }
            else if (bucket.Objects.TryGetValue(key, out StoredObject? storedObject))
            {
                listing.Contents.Add(storedObject);
                lastReturned = key;
            }
        }

        if (listing.IsTruncated && lastReturned is not null)
        {
            listing.NextContinuationToken = Convert.ToBase64String(Encoding.UTF8.GetBytes(lastReturned));
        }
    }

    private static string? GetCommonPrefix(string key, string prefix, string delimiter)
    {
        if (delimiter.Length == 0)
        {
            return null;
        }

        int index = key.IndexOf(delimiter, prefix.Length, StringComparison.Ordinal);
        return index < 0 ? null : key[..(index + delimiter.Length)];
    }

    private static void WriteResult(XmlWriter writer, Listing listing)
    {
        writer.WriteStartElement("ListBucketResult", S3Xml.Namespace);
        writer.WriteElementString("Name", listing.Bucket);
        writer.WriteElementString("Prefix", listing.Encode(listing.Prefix));
        if (listing.Delimiter.Length > 0)
        {
            writer.WriteElementString("Delimiter", listing.Encode(listing.Delimiter));
        }

        writer.WriteElementString("MaxKeys", listing.MaxKeys.ToString(CultureInfo.InvariantCulture));
        writer.WriteElementString("KeyCount", (listing.Contents.Count + listing.CommonPrefixes.Count).ToString(CultureInfo.InvariantCulture));
        writer.WriteElementString("IsTruncated", listing.IsTruncated ? "true" : "false");
        if (listing.UrlEncode)
        {
            writer.WriteElementString("EncodingType", "url");
        }

        if (listing.ContinuationToken.Length > 0)
        {
            writer.WriteElementString("ContinuationToken", listing.ContinuationToken);
        }

        if (listing.NextContinuationToken is not null)
        {
            writer.WriteElementString("NextContinuationToken", listing.NextContinuationToken);
        }

        if (listing.StartAfter.Length > 0)
        {
            writer.WriteElementString("StartAfter", listing.Encode(listing.StartAfter));
        }

        foreach (StoredObject storedObject in listing.Contents)
        {
            writer.WriteStartElement("Contents");
            writer.WriteElementString("Key", listing.Encode(storedObject.Key));
            writer.WriteElementString("LastModified", S3Xml.FormatTimestamp(storedObject.LastModified));
            writer.WriteElementString("ETag", storedObject.ETag);
            writer.WriteElementString("Size", storedObject.ContentLengthHeader);
            writer.WriteElementString("StorageClass", "STANDARD");
            writer.WriteEndElement();
        }

        foreach (string commonPrefix in listing.CommonPrefixes)
        {
            writer.WriteStartElement("CommonPrefixes");
            writer.WriteElementString("Prefix", listing.Encode(commonPrefix));
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }
}
