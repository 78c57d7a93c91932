using System.Buffers;
using System.Globalization;
using System.Security.Cryptography;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Resume;

/// <summary>
/// Recognises an upload whose CompleteMultipartUpload took effect although the run that sent it stopped before it could
/// record so (killed while the answer was on its way, or just after it): ListParts then says the upload is gone, and
/// without this the next run would send the whole file again. The object at the key is that upload's when its ETag is
/// the one S3 gives an object completed from exactly the recorded parts: the MD5 of their binary MD5 ETags, a dash,
/// their count. When a part's ETag is not an MD5 (an encrypted upload's may not be), or the object is another, nothing
/// is concluded and the upload starts over.
/// </summary>
internal static class CompletedUploadCheck
{
    /// <summary>The ETag of an object completed from parts with these ETags, in part order; null when one is not a
    /// 32-digit hex MD5.</summary>
    public static string? MultipartETag(IReadOnlyList<string> partETags)
    {
        // Hashed digest by digest: 10,000 parts' digests side by side would be an array on the Large Object Heap.
        using var md5 = IncrementalHash.CreateHash(HashAlgorithmName.MD5);
        Span<byte> digest = stackalloc byte[MD5.HashSizeInBytes];
        foreach (string eTag in partETags)
        {
            string hex = eTag.Trim('"');
            if (hex.Length != 2 * MD5.HashSizeInBytes || Convert.FromHexString(hex, digest, out _, out _) != OperationStatus.Done)
            {
                return null;
            }

            md5.AppendData(digest);
        }

        return string.Create(CultureInfo.InvariantCulture, $"{Convert.ToHexStringLower(md5.GetHashAndReset())}-{partETags.Count}");
    }

    /// <summary>What S3 says of the object at the upload's key, as CompleteMultipartUpload would have answered it, when
    /// it is the one completed from <paramref name="parts"/> (every part of the upload, in order); null otherwise, or
    /// when the HEAD fails.</summary>
    public static async Task<CompleteMultipartUploadResponse?> FindAsync(UploadContext upload, UploadJournalHeader before,
        IReadOnlyList<UploadedPart> parts, CancellationToken cancellationToken)
    {
        int partCount = PartSizer.PartCount(before.Length, before.PartSize);
        if (parts.Count != partCount || parts.Where((p, i) => p.Part != i + 1).Any()
            || MultipartETag([.. parts.Select(p => p.ETag)]) is not { } expected)
        {
            return null;
        }

        var head = new GetObjectMetadataRequest { BucketName = upload.Bucket, Key = upload.Key, ChecksumMode = ChecksumMode.ENABLED };
        RequestOptions.ApplyTo(upload.Request, head);
        GetObjectMetadataResponse found;
        try
        {
            found = await upload.Resources.S3.HeadObjectAsync(head, CallSlot.Take(upload.Lane), cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception)
        {
            // No object, or none this request may read: nothing is concluded.
            return null;
        }

        if (!string.Equals(found.ETag?.Trim('"'), expected, StringComparison.OrdinalIgnoreCase) || found.ContentLength != before.Length)
        {
            return null;
        }

        return new CompleteMultipartUploadResponse
        {
            BucketName = upload.Bucket,
            Key = upload.Key,
            ETag = found.ETag,
            VersionId = found.VersionId,
            Expiration = found.Expiration,
            RequestCharged = found.RequestCharged,
            ServerSideEncryptionMethod = found.ServerSideEncryptionMethod,
            ServerSideEncryptionKeyManagementServiceKeyId = found.ServerSideEncryptionKeyManagementServiceKeyId,
            BucketKeyEnabled = found.BucketKeyEnabled,
            ChecksumCRC32 = found.ChecksumCRC32,
            ChecksumCRC32C = found.ChecksumCRC32C,
            ChecksumCRC64NVME = found.ChecksumCRC64NVME,
            ChecksumSHA1 = found.ChecksumSHA1,
            ChecksumSHA256 = found.ChecksumSHA256,
            ChecksumType = found.ChecksumType,
        };
    }
}
