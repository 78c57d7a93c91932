using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>A multipart upload the way the AWS SDKs make one with a checksum: each part sent with its CRC32, and no
/// full-object checksum, so S3 stores a composite one (the checksum of the parts' checksums, "value-N").</summary>
internal static class CompositeUpload
{
    /// <summary>Uploads <paramref name="content"/> in parts of <paramref name="partSize"/> (part
    /// <paramref name="corruptPart"/> labelled with the CRC32 of other bytes) and returns the composite value stored.</summary>
    public static async Task<string> RunAsync(IAmazonS3 client, string bucket, string key, byte[] content, int partSize, int? corruptPart = null)
    {
        InitiateMultipartUploadResponse initiated = await client.InitiateMultipartUploadAsync(
            new InitiateMultipartUploadRequest { BucketName = bucket, Key = key, ChecksumAlgorithm = ChecksumAlgorithm.CRC32 });
        var etags = new List<PartETag>();
        for (int offset = 0, part = 1; offset < content.Length; offset += partSize, part++)
        {
            int length = Math.Min(partSize, content.Length - offset);
            string crc = IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content.AsSpan(part == corruptPart ? offset + 1 : offset, length));
            UploadPartResponse uploaded = await client.UploadPartAsync(new UploadPartRequest
            {
                BucketName = bucket,
                Key = key,
                UploadId = initiated.UploadId,
                PartNumber = part,
                InputStream = new MemoryStream(content, offset, length),
                ChecksumAlgorithm = ChecksumAlgorithm.CRC32,
                ChecksumCRC32 = crc,
            });
            etags.Add(new PartETag { PartNumber = part, ETag = uploaded.ETag, ChecksumCRC32 = crc });
        }

        await client.CompleteMultipartUploadAsync(new CompleteMultipartUploadRequest { BucketName = bucket, Key = key, UploadId = initiated.UploadId, PartETags = etags });
        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = bucket, Key = key, ChecksumMode = ChecksumMode.ENABLED });
        return head.ChecksumCRC32;
    }
}
