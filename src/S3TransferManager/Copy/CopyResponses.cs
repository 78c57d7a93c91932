using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Copy;

/// <summary>Maps what S3 answered to a copy (CopyObject, or CompleteMultipartUpload) onto the response.</summary>
internal static class CopyResponses
{
    public static TransferUtilityCopyResponse From(CopyObjectResponse copied, TransferUtilityCopyRequest request, CopySource source) => new()
    {
        BucketName = request.DestinationBucket,
        Key = request.DestinationKey,
        ETag = copied.ETag,
        SourceETag = source.ETag,
        VersionId = copied.VersionId,
        SourceVersionId = copied.SourceVersionId ?? source.Head?.VersionId,
        ContentLength = source.Size,
        PartCount = 0,
        ChecksumCRC64NVME = copied.ChecksumCRC64NVME,
        ChecksumCRC32 = copied.ChecksumCRC32,
        ChecksumCRC32C = copied.ChecksumCRC32C,
        ChecksumSHA1 = copied.ChecksumSHA1,
        ChecksumSHA256 = copied.ChecksumSHA256,
        ChecksumType = copied.ChecksumType,
        Expiration = copied.Expiration,
        RequestCharged = copied.RequestCharged,
        ServerSideEncryptionMethod = copied.ServerSideEncryptionMethod,
        ServerSideEncryptionKeyManagementServiceKeyId = copied.ServerSideEncryptionKeyManagementServiceKeyId,
        BucketKeyEnabled = copied.BucketKeyEnabled,
    };

    /// <param name="done">CompleteMultipartUpload's answer.</param>
    /// <param name="request">The copy.</param>
    /// <param name="source">The source, as learned.</param>
    /// <param name="partCount">The copy's parts.</param>
    /// <param name="sourceVersionId">The source's version, as the parts reported it.</param>
    /// <param name="fullObject">The full-object CRC sent with Complete, or null: filled in when the answer has none.</param>
    public static TransferUtilityCopyResponse From(CompleteMultipartUploadResponse done, TransferUtilityCopyRequest request, CopySource source,
        int partCount, string? sourceVersionId, string? fullObject)
    {
        ChecksumAlgorithm? algorithm = request.EffectiveChecksumAlgorithm;
        bool fillIn = algorithm is not null && fullObject is not null && string.IsNullOrEmpty(ValueOf(algorithm, done));
        return new TransferUtilityCopyResponse
        {
            BucketName = done.BucketName ?? request.DestinationBucket,
            Key = done.Key ?? request.DestinationKey,
            ETag = done.ETag,
            SourceETag = source.ETag,
            VersionId = done.VersionId,
            SourceVersionId = sourceVersionId ?? source.Head?.VersionId,
            ContentLength = source.Size,
            PartCount = partCount,
            ChecksumCRC64NVME = fillIn && algorithm == ChecksumAlgorithm.CRC64NVME ? fullObject : done.ChecksumCRC64NVME,
            ChecksumCRC32 = fillIn && algorithm == ChecksumAlgorithm.CRC32 ? fullObject : done.ChecksumCRC32,
            ChecksumCRC32C = fillIn && algorithm == ChecksumAlgorithm.CRC32C ? fullObject : done.ChecksumCRC32C,
            ChecksumSHA1 = done.ChecksumSHA1,
            ChecksumSHA256 = done.ChecksumSHA256,
            ChecksumType = fillIn ? ChecksumType.FULL_OBJECT : done.ChecksumType,
            ChecksumComputedLocally = fillIn,
            Expiration = done.Expiration,
            RequestCharged = done.RequestCharged,
            ServerSideEncryptionMethod = done.ServerSideEncryptionMethod,
            ServerSideEncryptionKeyManagementServiceKeyId = done.ServerSideEncryptionKeyManagementServiceKeyId,
            BucketKeyEnabled = done.BucketKeyEnabled,
        };
    }

    private static string? ValueOf(ChecksumAlgorithm algorithm, CompleteMultipartUploadResponse done) =>
        algorithm == ChecksumAlgorithm.CRC64NVME ? done.ChecksumCRC64NVME
        : algorithm == ChecksumAlgorithm.CRC32 ? done.ChecksumCRC32
        : algorithm == ChecksumAlgorithm.CRC32C ? done.ChecksumCRC32C
        : null;
}
