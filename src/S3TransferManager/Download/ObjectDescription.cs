using System.Globalization;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Checksums.Validation;

namespace S3TransferManager.Download;

/// <summary>
/// The object headers of a download's first response, kept after that response is read and disposed, for the caller's
/// response. The checksum fields are filled in later from the validated stored checksum when the first (ranged) GET
/// did not carry them.
/// </summary>
internal sealed class ObjectDescription
{
    private readonly GetObjectResponse _snapshot;
    private readonly long _totalLength;

    private ObjectDescription(GetObjectResponse snapshot, long totalLength)
    {
        _snapshot = snapshot;
        _totalLength = totalLength;
    }

    /// <summary>Copies the header fields (not the body) of <paramref name="response"/>.</summary>
    public static ObjectDescription From(GetObjectResponse response, long totalLength) => new(new GetObjectResponse
    {
        AcceptRanges = response.AcceptRanges,
        BucketKeyEnabled = response.BucketKeyEnabled,
        ChecksumCRC32 = response.ChecksumCRC32,
        ChecksumCRC32C = response.ChecksumCRC32C,
        ChecksumCRC64NVME = response.ChecksumCRC64NVME,
        ChecksumMD5 = response.ChecksumMD5,
        ChecksumSHA1 = response.ChecksumSHA1,
        ChecksumSHA256 = response.ChecksumSHA256,
        ChecksumSHA512 = response.ChecksumSHA512,
        ChecksumXXHASH128 = response.ChecksumXXHASH128,
        ChecksumXXHASH3 = response.ChecksumXXHASH3,
        ChecksumXXHASH64 = response.ChecksumXXHASH64,
        ChecksumType = response.ChecksumType,
        DeleteMarker = response.DeleteMarker,
        Expiration = response.Expiration,
        ExpiresString = response.ExpiresString,
        MissingMeta = response.MissingMeta,
        ObjectLockLegalHoldStatus = response.ObjectLockLegalHoldStatus,
        ObjectLockMode = response.ObjectLockMode,
        ObjectLockRetainUntilDate = response.ObjectLockRetainUntilDate,
        PartsCount = response.PartsCount,
        ReplicationStatus = response.ReplicationStatus,
        RequestCharged = response.RequestCharged,
        RestoreExpiration = response.RestoreExpiration,
        RestoreInProgress = response.RestoreInProgress,
        ServerSideEncryptionCustomerMethod = response.ServerSideEncryptionCustomerMethod,
        ServerSideEncryptionCustomerProvidedKeyMD5 = response.ServerSideEncryptionCustomerProvidedKeyMD5,
        ServerSideEncryptionKeyManagementServiceKeyId = response.ServerSideEncryptionKeyManagementServiceKeyId,
        ServerSideEncryptionMethod = response.ServerSideEncryptionMethod,
        StorageClass = response.StorageClass,
        TagCount = response.TagCount,
        WebsiteRedirectLocation = response.WebsiteRedirectLocation,
    }, totalLength);

    public void CopyTo(TransferUtilityGetObjectResponseBase response)
    {
        GetObjectResponse s = _snapshot;
        response.AcceptRanges = s.AcceptRanges;
        response.BucketKeyEnabled = s.BucketKeyEnabled;
        response.ChecksumCRC32 ??= s.ChecksumCRC32;
        response.ChecksumCRC32C ??= s.ChecksumCRC32C;
        response.ChecksumCRC64NVME ??= s.ChecksumCRC64NVME;
        response.ChecksumMD5 = s.ChecksumMD5;
        response.ChecksumSHA1 ??= s.ChecksumSHA1;
        response.ChecksumSHA256 ??= s.ChecksumSHA256;
        response.ChecksumSHA512 = s.ChecksumSHA512;
        response.ChecksumXXHASH128 = s.ChecksumXXHASH128;
        response.ChecksumXXHASH3 = s.ChecksumXXHASH3;
        response.ChecksumXXHASH64 = s.ChecksumXXHASH64;
        response.ChecksumType ??= s.ChecksumType;
        response.ContentRange = _totalLength == 0 ? null
            : string.Create(CultureInfo.InvariantCulture, $"bytes 0-{_totalLength - 1}/{_totalLength}");
        response.DeleteMarker = s.DeleteMarker;
        response.Expiration = s.Expiration;
        response.ExpiresString = s.ExpiresString;
        response.MissingMeta = s.MissingMeta;
        response.ObjectLockLegalHoldStatus = s.ObjectLockLegalHoldStatus;
        response.ObjectLockMode = s.ObjectLockMode;
        response.ObjectLockRetainUntilDate = s.ObjectLockRetainUntilDate;
        response.PartsCount = s.PartsCount;
        response.ReplicationStatus = s.ReplicationStatus;
        response.RequestCharged = s.RequestCharged;
        response.RestoreExpiration = s.RestoreExpiration;
        response.RestoreInProgress = s.RestoreInProgress;
        response.ServerSideEncryptionCustomerMethod = s.ServerSideEncryptionCustomerMethod;
        response.ServerSideEncryptionCustomerProvidedKeyMD5 = s.ServerSideEncryptionCustomerProvidedKeyMD5;
        response.ServerSideEncryptionKeyManagementServiceKeyId = s.ServerSideEncryptionKeyManagementServiceKeyId;
        response.ServerSideEncryptionMethod = s.ServerSideEncryptionMethod;
        response.StorageClass = s.StorageClass;
        response.TagCount = s.TagCount;
        response.WebsiteRedirectLocation = s.WebsiteRedirectLocation;
        StoredChecksum.OmitCompositeValues(response);
    }
}
