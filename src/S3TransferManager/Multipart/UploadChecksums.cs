using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Multipart;

/// <summary>Carries the caller's checksum choice into requests, and S3's stored checksums back out.</summary>
internal static class UploadChecksums
{
    /// <summary>The CRCs are stored as full-object checksums, which the library builds by combining the part CRCs and
    /// sends with CompleteMultipartUpload, so any client can validate a whole download against them (S3 stores
    /// CRC64NVME only that way). SHA1 and SHA256 cannot be combined: they keep S3's composite (a checksum of the part
    /// checksums).</summary>
    public static ChecksumType? MultipartTypeFor(ChecksumAlgorithm? algorithm) =>
        Checksums.FullObjectCrc.IsSupported(algorithm) ? ChecksumType.FULL_OBJECT : null;

    /// <summary>Puts the full-object checksum on CompleteMultipartUpload, for S3 to check against what it assembled.</summary>
    public static void ApplyFullObject(CompleteMultipartUploadRequest request, ChecksumAlgorithm algorithm, string value)
    {
        request.ChecksumType = ChecksumType.FULL_OBJECT;
        SetValue(algorithm, value, v => request.ChecksumCRC32 = v, v => request.ChecksumCRC32C = v, v => request.ChecksumCRC64NVME = v,
            v => throw new ArgumentOutOfRangeException(nameof(algorithm)), v => throw new ArgumentOutOfRangeException(nameof(algorithm)));
    }

    /// <summary>Sets the checksum header (which S3 verifies) and names the algorithm (x-amz-sdk-checksum-algorithm,
    /// which some servers read to decide what to store).</summary>
    public static void Apply(PutObjectRequest request, ChecksumAlgorithm algorithm, string value)
    {
        request.ChecksumAlgorithm = algorithm;
        SetValue(algorithm, value, v => request.ChecksumCRC32 = v, v => request.ChecksumCRC32C = v, v => request.ChecksumCRC64NVME = v,
            v => request.ChecksumSHA1 = v, v => request.ChecksumSHA256 = v);
    }

    /// <inheritdoc cref="Apply(PutObjectRequest, ChecksumAlgorithm, string)"/>
    public static void Apply(UploadPartRequest request, ChecksumAlgorithm algorithm, string value)
    {
        request.ChecksumAlgorithm = algorithm;
        SetValue(algorithm, value, v => request.ChecksumCRC32 = v, v => request.ChecksumCRC32C = v, v => request.ChecksumCRC64NVME = v,
            v => request.ChecksumSHA1 = v, v => request.ChecksumSHA256 = v);
    }

    public static PartETag ToPartETag(int partNumber, UploadPartResponse response) => new(partNumber, response.ETag)
    {
        ChecksumCRC32 = response.ChecksumCRC32,
        ChecksumCRC32C = response.ChecksumCRC32C,
        ChecksumCRC64NVME = response.ChecksumCRC64NVME,
        ChecksumSHA1 = response.ChecksumSHA1,
        ChecksumSHA256 = response.ChecksumSHA256,
    };

    /// <summary>A part stored by an earlier run, as CompleteMultipartUpload lists it: its ETag and, when the upload sends
    /// a checksum, the value it was sent with (the one S3 checked and keeps for the part).</summary>
    public static PartETag ToPartETag(int partNumber, string eTag, ChecksumAlgorithm? algorithm, string? value)
    {
        var part = new PartETag(partNumber, eTag);
        if (algorithm is not null && value is not null)
        {
            SetValue(algorithm, value, v => part.ChecksumCRC32 = v, v => part.ChecksumCRC32C = v, v => part.ChecksumCRC64NVME = v,
                v => part.ChecksumSHA1 = v, v => part.ChecksumSHA256 = v);
        }

        return part;
    }

    private static void SetValue(ChecksumAlgorithm algorithm, string value, Action<string> crc32, Action<string> crc32C,
        Action<string> crc64Nvme, Action<string> sha1, Action<string> sha256)
    {
        Action<string> set = algorithm == ChecksumAlgorithm.CRC32 ? crc32
            : algorithm == ChecksumAlgorithm.CRC32C ? crc32C
            : algorithm == ChecksumAlgorithm.CRC64NVME ? crc64Nvme
            : algorithm == ChecksumAlgorithm.SHA1 ? sha1
            : sha256;
        set(value);
    }

    public static TransferUtilityUploadResponse FromPut(PutObjectResponse put, long length) => new()
    {
        ETag = put.ETag,
        VersionId = put.VersionId,
        ContentLength = length,
        PartCount = 0,
        ChecksumCRC32 = put.ChecksumCRC32,
        ChecksumCRC32C = put.ChecksumCRC32C,
        ChecksumCRC64NVME = put.ChecksumCRC64NVME,
        ChecksumSHA1 = put.ChecksumSHA1,
        ChecksumSHA256 = put.ChecksumSHA256,
        ChecksumMD5 = put.ChecksumMD5,
        ChecksumSHA512 = put.ChecksumSHA512,
        ChecksumXXHASH128 = put.ChecksumXXHASH128,
        ChecksumXXHASH3 = put.ChecksumXXHASH3,
        ChecksumXXHASH64 = put.ChecksumXXHASH64,
        ChecksumType = put.ChecksumType,
    };

    /// <summary>
    /// The response of a completed multipart upload. When the server's answer carries no checksum for the algorithm
    /// asked for (moto 5.x never puts one in CompleteMultipartUpload; S3 does), the library's own value is filled in and
    /// marked <see cref="TransferUtilityUploadResponse.ChecksumComputedLocally"/>: the full-object CRC it sent
    /// (<paramref name="fullObject"/>), or the composite of the part checksums the server acknowledged.
    /// </summary>
    public static TransferUtilityUploadResponse FromComplete(CompleteMultipartUploadResponse done, long length,
        IReadOnlyList<PartETag> parts, ChecksumAlgorithm? algorithm, string? fullObject = null)
    {
        string? computed = null;
        ChecksumType? computedType = null;
        if (algorithm is not null && string.IsNullOrEmpty(ValueOf(algorithm, done)))
        {
            computed = Computed(parts, algorithm, fullObject);
            computedType = fullObject is not null ? ChecksumType.FULL_OBJECT : ChecksumType.COMPOSITE;
        }

        return new TransferUtilityUploadResponse
        {
            ETag = done.ETag,
            VersionId = done.VersionId,
            ContentLength = length,
            PartCount = parts.Count,
            ChecksumCRC32 = computed is not null && algorithm == ChecksumAlgorithm.CRC32 ? computed : done.ChecksumCRC32,
            ChecksumCRC32C = computed is not null && algorithm == ChecksumAlgorithm.CRC32C ? computed : done.ChecksumCRC32C,
            ChecksumCRC64NVME = computed is not null && algorithm == ChecksumAlgorithm.CRC64NVME ? computed : done.ChecksumCRC64NVME,
            ChecksumSHA1 = computed is not null && algorithm == ChecksumAlgorithm.SHA1 ? computed : done.ChecksumSHA1,
            ChecksumSHA256 = computed is not null && algorithm == ChecksumAlgorithm.SHA256 ? computed : done.ChecksumSHA256,
            ChecksumMD5 = done.ChecksumMD5,
            ChecksumSHA512 = done.ChecksumSHA512,
            ChecksumXXHASH128 = done.ChecksumXXHASH128,
            ChecksumXXHASH3 = done.ChecksumXXHASH3,
            ChecksumXXHASH64 = done.ChecksumXXHASH64,
            ChecksumType = computed is not null ? computedType : done.ChecksumType,
            ChecksumComputedLocally = computed is not null,
        };
    }

    /// <summary>The composite to fill in, or null when the type is not composite, or a part's acknowledged checksum is
    /// missing (nothing honest to combine).</summary>
    private static string? ComputedComposite(IReadOnlyList<PartETag> parts, ChecksumAlgorithm algorithm)
    {
        if (MultipartTypeFor(algorithm) is not null)
        {
            return null;
        }

        var values = new List<string>(parts.Count);
        foreach (PartETag part in parts)
        {
            string? value = ValueOf(algorithm, part);
            if (string.IsNullOrEmpty(value))
            {
                return null;
            }

            values.Add(value);
        }

        return values.Count == 0 ? null : Checksums.ChecksumHasher.Composite(algorithm, values);
    }

    /// <summary>The whole object's checksum this upload computed, as S3 would store it: the full-object CRC sent with
    /// Complete (<paramref name="fullObject"/>), or the composite of the part checksums the server acknowledged; null
    /// when neither is known.</summary>
    public static string? Computed(IReadOnlyList<PartETag> parts, ChecksumAlgorithm? algorithm, string? fullObject) =>
        fullObject ?? (algorithm is null ? null : ComputedComposite(parts, algorithm));

    /// <summary>Whether the server answered a part with its checksum in <paramref name="algorithm"/> (S3 does; Ceph RGW 16,
    /// Swift's s3api and s3rver do not). A part's checksum is listed in CompleteMultipartUpload only then.</summary>
    public static bool Echoed(ChecksumAlgorithm algorithm, PartETag part) => !string.IsNullOrEmpty(ValueOf(algorithm, part));

    /// <summary>The stored checksum a HEAD reports in <paramref name="algorithm"/>; null when none.</summary>
    public static string? ValueOf(ChecksumAlgorithm algorithm, GetObjectMetadataResponse head) =>
        Pick(algorithm, head.ChecksumCRC32, head.ChecksumCRC32C, head.ChecksumCRC64NVME, head.ChecksumSHA1, head.ChecksumSHA256);

    private static string? ValueOf(ChecksumAlgorithm algorithm, CompleteMultipartUploadResponse done) =>
        Pick(algorithm, done.ChecksumCRC32, done.ChecksumCRC32C, done.ChecksumCRC64NVME, done.ChecksumSHA1, done.ChecksumSHA256);

    private static string? ValueOf(ChecksumAlgorithm algorithm, PartETag part) =>
        Pick(algorithm, part.ChecksumCRC32, part.ChecksumCRC32C, part.ChecksumCRC64NVME, part.ChecksumSHA1, part.ChecksumSHA256);

    private static string? Pick(ChecksumAlgorithm algorithm, string? crc32, string? crc32C, string? crc64Nvme, string? sha1, string? sha256) =>
        algorithm == ChecksumAlgorithm.CRC32 ? crc32
        : algorithm == ChecksumAlgorithm.CRC32C ? crc32C
        : algorithm == ChecksumAlgorithm.CRC64NVME ? crc64Nvme
        : algorithm == ChecksumAlgorithm.SHA1 ? sha1
        : sha256;
}
