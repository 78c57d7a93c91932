using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Checksums;

namespace S3TransferManager.Upload;

/// <summary>Applies the caller's precomputed whole-object checksum and expected size
/// (<see cref="TransferUtilityUploadRequest.ChecksumSHA256"/>, <see cref="TransferUtilityUploadRequest.MpuObjectSize"/>)
/// at each step of an upload, refusing before any request what cannot be honoured.</summary>
internal static class PrecomputedChecks
{
    /// <summary>Before a PutObject of <paramref name="length"/> bytes: the caller's value replaces the computed one.
    /// Returns whether it did (then nothing is to be computed).</summary>
    public static bool ApplyToPut(TransferUtilityUploadRequest request, PutObjectRequest put, long length)
    {
        CheckSize(request, length);
        if (request.PrecomputedChecksum is not { } given)
        {
            return false;
        }

        put.ChecksumAlgorithm = given.Algorithm;
        Action<string> set = given.Algorithm == ChecksumAlgorithm.CRC32 ? v => put.ChecksumCRC32 = v
            : given.Algorithm == ChecksumAlgorithm.CRC32C ? v => put.ChecksumCRC32C = v
            : given.Algorithm == ChecksumAlgorithm.CRC64NVME ? v => put.ChecksumCRC64NVME = v
            : given.Algorithm == ChecksumAlgorithm.SHA1 ? v => put.ChecksumSHA1 = v
            : given.Algorithm == ChecksumAlgorithm.SHA256 ? v => put.ChecksumSHA256 = v
            : given.Algorithm == ChecksumAlgorithm.MD5 ? v => put.ChecksumMD5 = v
            : given.Algorithm == ChecksumAlgorithm.SHA512 ? v => put.ChecksumSHA512 = v
            : given.Algorithm == ChecksumAlgorithm.XXHASH128 ? v => put.ChecksumXXHASH128 = v
            : given.Algorithm == ChecksumAlgorithm.XXHASH3 ? v => put.ChecksumXXHASH3 = v
            : v => put.ChecksumXXHASH64 = v;
        set(given.Value);
        return true;
    }

    /// <summary>Before CreateMultipartUpload (<paramref name="totalLength"/> -1 when unknown).</summary>
    /// <exception cref="NotSupportedException">The caller's checksum is not a CRC.</exception>
    public static void CheckBeforeMultipart(TransferUtilityUploadRequest request, long totalLength)
    {
        if (totalLength >= 0)
        {
            CheckSize(request, totalLength);
        }

        if (request.PrecomputedChecksum is { } given && !FullObjectCrc.IsSupported(given.Algorithm))
        {
            throw new NotSupportedException(
                $"A precomputed {given.Algorithm.Value} of the whole object cannot be checked for an object uploaded in parts: S3 keeps no whole-object "
                + $"{given.Algorithm.Value} of a multipart object. Give a CRC32, CRC32C or CRC64NVME, or raise MinSizeBeforePartUpload above the object's size.");
        }
    }

    /// <summary>Before CompleteMultipartUpload: the caller's CRC must be the one the parts combine into, and the
    /// expected size goes along for S3 to check.</summary>
    /// <exception cref="ChecksumMismatchException">The bytes uploaded are not the ones the caller hashed.</exception>
    public static void ApplyToComplete(TransferUtilityUploadRequest request, CompleteMultipartUploadRequest complete, string? combined)
    {
        if (request.MpuObjectSize is { } size)
        {
            complete.MpuObjectSize = size;
        }

        if (request.PrecomputedChecksum is { } given && !string.Equals(given.Value, combined, StringComparison.Ordinal))
        {
            throw ChecksumMismatchException.ForUpload(request.BucketName!, request.Key!, given.Algorithm.Value, given.Value, combined ?? "(none)");
        }
    }

    private static void CheckSize(TransferUtilityUploadRequest request, long length)
    {
        if (request.MpuObjectSize is { } expected && expected != length)
        {
            throw new ArgumentException($"MpuObjectSize is {expected} bytes but the source holds {length}.", nameof(request.MpuObjectSize));
        }
    }
}
