using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>A multipart upload the way the AWS SDKs make one with a checksum: each part sent with its checksum (CRC32
/// unless another algorithm is asked for), and no full-object checksum, so S3 stores a composite one (the checksum of
/// the parts' checksums, "value-N").</summary>
internal static class CompositeUpload
{
    /// <summary>Uploads <paramref name="content"/> in parts of <paramref name="partSize"/> (part
    /// <paramref name="corruptPart"/> labelled with the checksum of other bytes) and returns the composite value stored,
    /// as a HEAD reports it.</summary>
    public static async Task<string> RunAsync(IAmazonS3 client, string bucket, string key, byte[] content, int partSize, int? corruptPart = null,
        ChecksumAlgorithm? algorithm = null)
    {
        algorithm ??= ChecksumAlgorithm.CRC32;
        InitiateMultipartUploadResponse initiated = await client.InitiateMultipartUploadAsync(
            new InitiateMultipartUploadRequest { BucketName = bucket, Key = key, ChecksumAlgorithm = algorithm });
        var etags = new List<PartETag>();
        for (int offset = 0, part = 1; offset < content.Length; offset += partSize, part++)
        {
            int length = Math.Min(partSize, content.Length - offset);
            string checksum = IndependentChecksums.Base64(algorithm, content.AsSpan(part == corruptPart ? offset + 1 : offset, length));
            var upload = new UploadPartRequest
            {
                BucketName = bucket,
                Key = key,
                UploadId = initiated.UploadId,
                PartNumber = part,
                InputStream = new MemoryStream(content, offset, length),
                ChecksumAlgorithm = algorithm,
            };
            var etag = new PartETag { PartNumber = part };
            if (algorithm == ChecksumAlgorithm.CRC32C)
            {
                (upload.ChecksumCRC32C, etag.ChecksumCRC32C) = (checksum, checksum);
            }
            else if (algorithm == ChecksumAlgorithm.SHA256)
            {
                (upload.ChecksumSHA256, etag.ChecksumSHA256) = (checksum, checksum);
            }
            else
            {
                (upload.ChecksumCRC32, etag.ChecksumCRC32) = (checksum, checksum);
            }

            etag.ETag = (await client.UploadPartAsync(upload)).ETag;
            etags.Add(etag);
        }

        await client.CompleteMultipartUploadAsync(new CompleteMultipartUploadRequest { BucketName = bucket, Key = key, UploadId = initiated.UploadId, PartETags = etags });
        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = bucket, Key = key, ChecksumMode = ChecksumMode.ENABLED });
        return head.ChecksumCRC32 ?? head.ChecksumCRC32C ?? head.ChecksumSHA256;
    }
}
