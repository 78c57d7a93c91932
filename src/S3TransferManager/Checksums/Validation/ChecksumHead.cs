using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// What a HEAD with checksum mode says about an object's stored checksum, learned before a download's first GET when
/// the caller wants its response to describe the checksum from the start (a ranged GET carries none). The download
/// uses it only when the first GET then answers with the same ETag: the same version.
/// </summary>
internal sealed record ChecksumHead(string? ETag, ChecksumType? Type, string? Crc64Nvme, string? Crc32, string? Crc32C, string? Sha1, string? Sha256)
{
    /// <summary>The stored checksum this library can check, if any.</summary>
    public StoredChecksum? Stored => StoredChecksum.From(Crc64Nvme, Crc32, Crc32C, Sha1, Sha256, Type);

    /// <summary>Sends the HEAD in its turn of the transfer's budget (and gives the turn back before the first GET), for
    /// the version the download asks for (its VersionId, its If-Match).</summary>
    public static async Task<ChecksumHead> SendAsync(S3Calls s3, DownloadRequestBase options, TransferLane lane, CancellationToken cancellationToken)
    {
        var version = new ObjectVersion(options.BucketName!, options.Key!, options.VersionId, options.IfMatch, options);
        GetObjectMetadataResponse head = await s3.HeadObjectAsync(StoredChecksumLookup.HeadRequest(version), CallSlot.Take(lane), cancellationToken)
            .ConfigureAwait(false);
        return new ChecksumHead(head.ETag, head.ChecksumType, head.ChecksumCRC64NVME, head.ChecksumCRC32, head.ChecksumCRC32C,
            head.ChecksumSHA1, head.ChecksumSHA256);
    }

    /// <summary>Describes the checksum on <paramref name="response"/> as the AWS SDK's OpenStream response does: the
    /// stored type, and the values unless the checksum is composite (a checksum of the parts' checksums, not of the
    /// bytes read).</summary>
    public void DescribeInto(TransferUtilityGetObjectResponseBase response)
    {
        response.ChecksumType ??= Type;
        response.ChecksumCRC64NVME ??= Crc64Nvme;
        response.ChecksumCRC32 ??= Crc32;
        response.ChecksumCRC32C ??= Crc32C;
        response.ChecksumSHA1 ??= Sha1;
        response.ChecksumSHA256 ??= Sha256;
        StoredChecksum.OmitCompositeValues(response);
    }
}
