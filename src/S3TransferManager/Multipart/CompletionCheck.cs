using System.Globalization;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Multipart;

/// <summary>
/// What an upload or a copy knows of the object its CompleteMultipartUpload stores, to confirm with one HEAD a Complete
/// answered 200 without an ETag (Ceph RGW 16 answers <c>&lt;ETag&gt;&lt;/ETag&gt;</c> and has stored the object). The
/// object at the key is this upload's when its size is <see cref="Length"/> and either its ETag is the multipart ETag of
/// the parts sent (<see cref="MultipartETags"/>: only when every part's ETag is an MD5) or its stored checksum is the
/// one this upload computed. Anything less proves nothing: another writer's object of the same size may be there.
/// </summary>
/// <param name="Length">The object's length: the bytes uploaded, or the source's size for a copy.</param>
/// <param name="Parts">The parts as Complete listed them, in order.</param>
/// <param name="Algorithm">The checksum the upload computed; null when none.</param>
/// <param name="Checksum">Its value for the whole object (a full-object CRC, or a composite <c>value-N</c>); null when
/// unknown.</param>
/// <param name="ApplyToHead">Adds the upload's SSE-C key, bucket owner and requester-pays settings to the HEAD.</param>
internal sealed record CompletionCheck(long Length, IReadOnlyList<PartETag> Parts, ChecksumAlgorithm? Algorithm, string? Checksum,
    Action<GetObjectMetadataRequest> ApplyToHead)
{
    /// <summary>Whether the HEAD should ask for the stored checksum: only when there is one to compare.</summary>
    public bool ComparesChecksum => Algorithm is not null && Checksum is not null;

    /// <summary>Why the object the HEAD describes is not shown to be this upload's; null when it is.</summary>
    public string? Mismatch(GetObjectMetadataResponse head)
    {
        if (head.ContentLength != Length)
        {
            return string.Create(CultureInfo.InvariantCulture, $"the object at the key holds {head.ContentLength} bytes, {Length} were uploaded");
        }

        string? expected = MultipartETags.Of([.. Parts.Select(static p => p.ETag)]);
        if (expected is not null && MultipartETags.Matches(head.ETag, expected))
        {
            return null;
        }

        if (ComparesChecksum && UploadChecksums.ValueOf(Algorithm!, head) is { Length: > 0 } stored && SameChecksum(stored, Checksum!))
        {
            return null;
        }

        return $"its ETag {head.ETag} is not {expected ?? "known (a part's ETag is not an MD5)"}, and "
            + (ComparesChecksum ? "its stored checksum is not the one computed" : "no checksum was computed to compare");
    }

    /// <summary>The Complete answer the HEAD stands for: the stored object's ETag, version and checksums.</summary>
    public static CompleteMultipartUploadResponse FromHead(string bucket, string key, GetObjectMetadataResponse head) => new()
    {
        BucketName = bucket,
        Key = key,
        ETag = head.ETag,
        VersionId = head.VersionId,
        Expiration = head.Expiration,
        RequestCharged = head.RequestCharged,
        ServerSideEncryptionMethod = head.ServerSideEncryptionMethod,
        ServerSideEncryptionKeyManagementServiceKeyId = head.ServerSideEncryptionKeyManagementServiceKeyId,
        BucketKeyEnabled = head.BucketKeyEnabled,
        ChecksumCRC32 = head.ChecksumCRC32,
        ChecksumCRC32C = head.ChecksumCRC32C,
        ChecksumCRC64NVME = head.ChecksumCRC64NVME,
        ChecksumSHA1 = head.ChecksumSHA1,
        ChecksumSHA256 = head.ChecksumSHA256,
        ChecksumType = head.ChecksumType,
    };

    /// <summary>The same value, with or without a composite's <c>-N</c> (moto describes composite values bare).</summary>
    private static bool SameChecksum(string stored, string computed) =>
        string.Equals(WithoutPartCount(stored), WithoutPartCount(computed), StringComparison.Ordinal);

    private static string WithoutPartCount(string value) =>
        value.LastIndexOf('-') is > 0 and int dash && int.TryParse(value.AsSpan(dash + 1), NumberStyles.None, CultureInfo.InvariantCulture, out _)
            ? value[..dash]
            : value;
}
