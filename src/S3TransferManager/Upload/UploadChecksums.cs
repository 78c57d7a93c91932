using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Upload;

/// <summary>Carries the caller's checksum choice into requests, and S3's stored checksums back out.</summary>
internal static class UploadChecksums
{
    /// <summary>S3 stores CRC64NVME only as a full-object checksum; the other algorithms keep S3's composite default,
    /// which SHA1 and SHA256 require.</summary>
    public static ChecksumType? MultipartTypeFor(ChecksumAlgorithm? algorithm) =>
        algorithm == ChecksumAlgorithm.CRC64NVME ? ChecksumType.FULL_OBJECT : null;

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
        ChecksumType = put.ChecksumType,
    };

    /// <summary>
    /// The response of a completed multipart upload. When the server's answer carries no checksum for the algorithm
    /// asked for (moto 5.x never puts one in CompleteMultipartUpload; S3 does) and it is stored as a composite, the
    /// composite is computed from the part checksums the server acknowledged, marked
    /// <see cref="TransferUtilityUploadResponse.ChecksumComputedLocally"/>. CRC64NVME is a full-object checksum that
    /// cannot be derived from the parts' values without CRC combination, so it stays as the server sent it.
    /// </summary>
    public static TransferUtilityUploadResponse FromComplete(CompleteMultipartUploadResponse done, long length,
        IReadOnlyList<PartETag> parts, ChecksumAlgorithm? algorithm)
    {
        string? computed = algorithm is null ? null : ComputedComposite(done, parts, algorithm);
        return new TransferUtilityUploadResponse
        {
            ETag = done.ETag,
            VersionId = done.VersionId,
            ContentLength = length,
            PartCount = parts.Count,
            ChecksumCRC32 = computed is not null && algorithm == ChecksumAlgorithm.CRC32 ? computed : done.ChecksumCRC32,
            ChecksumCRC32C = computed is not null && algorithm == ChecksumAlgorithm.CRC32C ? computed : done.ChecksumCRC32C,
            ChecksumCRC64NVME = done.ChecksumCRC64NVME,
            ChecksumSHA1 = computed is not null && algorithm == ChecksumAlgorithm.SHA1 ? computed : done.ChecksumSHA1,
            ChecksumSHA256 = computed is not null && algorithm == ChecksumAlgorithm.SHA256 ? computed : done.ChecksumSHA256,
            ChecksumType = computed is not null ? ChecksumType.COMPOSITE : done.ChecksumType,
            ChecksumComputedLocally = computed is not null,
        };
    }

    /// <summary>The composite to fill in, or null when the server sent a value, the type is not composite, or a part's
    /// acknowledged checksum is missing (nothing honest to combine).</summary>
    private static string? ComputedComposite(CompleteMultipartUploadResponse done, IReadOnlyList<PartETag> parts, ChecksumAlgorithm algorithm)
    {
        if (MultipartTypeFor(algorithm) is not null || !string.IsNullOrEmpty(ValueOf(algorithm, done)))
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

    private static string? ValueOf(ChecksumAlgorithm algorithm, CompleteMultipartUploadResponse done) =>
        algorithm == ChecksumAlgorithm.CRC32 ? done.ChecksumCRC32
        : algorithm == ChecksumAlgorithm.CRC32C ? done.ChecksumCRC32C
        : algorithm == ChecksumAlgorithm.CRC64NVME ? done.ChecksumCRC64NVME
        : algorithm == ChecksumAlgorithm.SHA1 ? done.ChecksumSHA1
        : done.ChecksumSHA256;

    private static string? ValueOf(ChecksumAlgorithm algorithm, PartETag part) =>
        algorithm == ChecksumAlgorithm.CRC32 ? part.ChecksumCRC32
        : algorithm == ChecksumAlgorithm.CRC32C ? part.ChecksumCRC32C
        : algorithm == ChecksumAlgorithm.CRC64NVME ? part.ChecksumCRC64NVME
        : algorithm == ChecksumAlgorithm.SHA1 ? part.ChecksumSHA1
        : part.ChecksumSHA256;
}
