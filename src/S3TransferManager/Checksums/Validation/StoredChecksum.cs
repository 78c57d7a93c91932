using System.Globalization;
using Amazon.S3;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// The checksum S3 stored with an object, as a GET, HEAD or GetObjectAttributes reports it: a full-object value, or a
/// composite one (the checksum of the parts' checksums, sent as <c>value-N</c>) with, when known, the stored parts. A
/// server may also send a bare value without saying which of the two it is (moto does, for composite checksums):
/// then <see cref="IsTypeStated"/> is false and the value is held as a full-object one until a reading of it matches.
/// </summary>
/// <param name="Algorithm">CRC64NVME, CRC32, CRC32C, SHA1 or SHA256.</param>
/// <param name="Value">The base64 value, without the <c>-N</c> suffix of a composite checksum.</param>
/// <param name="IsComposite">The checksum of the parts' checksums rather than of the object's bytes.</param>
/// <param name="PartCount">For a composite checksum, how many parts it covers; 1 otherwise.</param>
internal sealed record StoredChecksum(ChecksumAlgorithm Algorithm, string Value, bool IsComposite, int PartCount)
{
    /// <summary>The stored parts (their sizes and checksums, in order), for a composite checksum once learned.</summary>
    public IReadOnlyList<StoredPart>? Parts { get; init; }

    /// <summary>Whether the server said what the value is: a <c>-N</c> suffix, an <c>x-amz-checksum-type</c>, or listed
    /// parts. False for a bare value with no type, which may be a full-object or a composite checksum.</summary>
    public bool IsTypeStated { get; init; } = true;

    /// <summary>The checksum type as the server reported it (<c>x-amz-checksum-type</c>); null when it sent none.</summary>
    public ChecksumType? ReportedType { get; init; }

    /// <summary>Reads the checksum from the response's fields; <see langword="null"/> when it carries none of the
    /// algorithms this library can check (S3's newer SHA512, MD5 and XXHASH checksums are not checked).</summary>
    public static StoredChecksum? From(string? crc64Nvme, string? crc32, string? crc32C, string? sha1, string? sha256, ChecksumType? type)
    {
        (ChecksumAlgorithm algorithm, string value)? found =
            !string.IsNullOrEmpty(crc64Nvme) ? (ChecksumAlgorithm.CRC64NVME, crc64Nvme)
            : !string.IsNullOrEmpty(crc32) ? (ChecksumAlgorithm.CRC32, crc32)
            : !string.IsNullOrEmpty(crc32C) ? (ChecksumAlgorithm.CRC32C, crc32C)
            : !string.IsNullOrEmpty(sha1) ? (ChecksumAlgorithm.SHA1, sha1)
            : !string.IsNullOrEmpty(sha256) ? (ChecksumAlgorithm.SHA256, sha256)
            : null;
        if (found is not { } checksum)
        {
            return null;
        }

        // A composite value arrives as "base64-N" from GET and HEAD; GetObjectAttributes sends the bare value and says
        // COMPOSITE in ChecksumType instead.
        string value = checksum.value;
        int dash = value.LastIndexOf('-');
        if (dash > 0 && int.TryParse(value.AsSpan(dash + 1), NumberStyles.None, CultureInfo.InvariantCulture, out int parts))
        {
            return new StoredChecksum(checksum.algorithm, value[..dash], IsComposite: true, parts) { ReportedType = type };
        }

        bool composite = type is not null && type == ChecksumType.COMPOSITE;
        return new StoredChecksum(checksum.algorithm, value, composite, PartCount: composite ? 0 : 1)
        {
            IsTypeStated = composite || (type is not null && type == ChecksumType.FULL_OBJECT),
            ReportedType = type,
        };
    }

    /// <summary>Clears the checksum values of a response whose type is COMPOSITE, as the AWS SDK's download and
    /// OpenStream responses do: a composite value is the checksum of the parts' checksums, not of the bytes read.</summary>
    public static void OmitCompositeValues(TransferUtilityGetObjectResponseBase response)
    {
        if (response.ChecksumType != ChecksumType.COMPOSITE)
        {
            return;
        }

        response.ChecksumCRC32 = null;
        response.ChecksumCRC32C = null;
        response.ChecksumCRC64NVME = null;
        response.ChecksumSHA1 = null;
        response.ChecksumSHA256 = null;
    }
}

/// <summary>One stored part of an object with a composite checksum: its size and its own checksum (base64).</summary>
internal readonly record struct StoredPart(long Size, string Checksum);
