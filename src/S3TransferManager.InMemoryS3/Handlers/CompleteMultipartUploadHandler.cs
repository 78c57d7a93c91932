using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>
/// CompleteMultipartUpload (<c>POST ?uploadId=ID</c>): checks the listed parts (ascending, uploaded, ETags equal,
/// all but the last at least the minimum size) and assembles the object from the part buffers without copying.
/// </summary>
internal static class CompleteMultipartUploadHandler
{
    public static async Task HandleAsync(HttpContext context, ObjectStore store, S3Bucket bucket, string key)
    {
        string uploadId = context.Request.Query["uploadId"].ToString();
        if (!bucket.TryGetUpload(uploadId, key, out MultipartUpload? upload))
        {
            await S3ErrorWriter.NoSuchUploadAsync(context);
            return;
        }

        RequestBody body = await RequestBodyReader.ReadAsync(context.Request, store.Pool, computeMd5: false, decodeAwsChunked: true, context.RequestAborted);
        List<(int PartNumber, string ETag)>? requested = CompleteRequestParser.TryParse(body.Data.ToArray());
        if (requested is null || requested.Count == 0)
        {
            await S3ErrorWriter.MalformedXmlAsync(context);
            return;
        }

        var parts = new SegmentedBuffer[requested.Count];
        var listed = new HashSet<int>();
        var digests = new byte[requested.Count][];
        var uploaded = new UploadedPart[requested.Count];
        for (int i = 0; i < requested.Count; i++)
        {
            (int partNumber, string eTag) = requested[i];
            if (i > 0 && partNumber <= requested[i - 1].PartNumber)
            {
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "InvalidPartOrder", "The list of parts was not in ascending order. Parts must be ordered by part number.");
                return;
            }

            if (!upload.Parts.TryGetValue(partNumber, out UploadedPart? part) || !ETags.AreEqual(part.ETag, eTag))
            {
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "InvalidPart", "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.");
                return;
            }

            if (i < requested.Count - 1 && part.Data.Length < store.MinimumPartSize)
            {
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed object size.");
                return;
            }

            parts[i] = part.Data;
            uploaded[i] = part;
            listed.Add(partNumber);
            digests[i] = part.Digest;
        }

        if (!bucket.Uploads.TryRemove(uploadId, out _))
        {
            // A concurrent Complete or Abort won the race.
            await S3ErrorWriter.NoSuchUploadAsync(context);
            return;
        }

        // Winning the removal makes this request the owner of the parts: those not listed can be pooled.
        foreach (UploadedPart part in upload.Parts.Values)
        {
            if (!listed.Contains(part.PartNumber))
            {
                part.Data.ReturnToPool();
            }
        }

        // A full-object checksum sent with Complete (x-amz-checksum-crc64nvme and x-amz-checksum-type: FULL_OBJECT) is
        // kept and returned on whole-object GETs and HEADs with checksum mode, as S3 does, so that downloads can validate
        // against it. Like moto, this endpoint stores it without checking it.
        // Without one, parts uploaded with checksums give a composite checksum, as on S3 (the checksum of the parts'
        // checksums, "value-N", type COMPOSITE), and GetObjectAttributes lists the parts' own.
        IReadOnlyList<KeyValuePair<string, string>> checksums = body.Checksums;
        string type = context.Request.Headers["x-amz-checksum-type"].ToString();
        CompositeChecksum? composite = null;
        if (checksums.Count > 0 && type.Length > 0)
        {
            checksums = [.. checksums, new KeyValuePair<string, string>("x-amz-checksum-type", type)];
        }
        else if (checksums.Count == 0 && (type.Length == 0 || type == "COMPOSITE") && CompositeChecksum.TryCreate(uploaded) is { } built)
        {
            composite = built;
            checksums = [new(built.HeaderName, built.Value), new("x-amz-checksum-type", "COMPOSITE")];
        }

        if (store.ChecksumStyle == InMemoryS3ChecksumStyle.MotoWithoutCrc32C)
        {
            (checksums, composite) = MotoCrc32CSubstitute.Apply(checksums, composite, parts);
        }

        var storedObject = new StoredObject(key, parts, ETags.FromPartDigests(digests, store.Habits.MultipartETagsHavePartCount), isMultipart: true, upload.ContentType, upload.Metadata, checksums,
            composite);
        bucket.Put(storedObject);
        // Ceph RGW 16 answers an empty ETag element here, though it stored the object with its ETag.
        string answeredETag = store.Habits.EmptyETagFromCompleteMultipartUpload ? string.Empty : storedObject.ETag;
        await S3Xml.WriteAsync(context, StatusCodes.Status200OK, (Bucket: bucket.Name, storedObject.Key, ETag: answeredETag), static (writer, state) =>
        {
            writer.WriteStartElement("CompleteMultipartUploadResult", S3Xml.Namespace);
            writer.WriteElementString("Location", "/" + state.Bucket + "/" + state.Key);
            writer.WriteElementString("Bucket", state.Bucket);
            writer.WriteElementString("Key", state.Key);
            writer.WriteElementString("ETag", state.ETag);
            writer.WriteEndElement();
        });
    }
}
