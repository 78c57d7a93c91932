using Amazon.S3;

namespace S3TransferManager;

/// <summary>The caller's own checksum of the whole object and its expected size, as on the AWS SDK's request.</summary>
public sealed partial class TransferUtilityUploadRequest
{
    /// <summary>The caller's CRC32 of the whole object (base64 of the big-endian value). See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumCRC32 { get; set; }

    /// <summary>The caller's CRC32C of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumCRC32C { get; set; }

    /// <summary>The caller's CRC64NVME of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumCRC64NVME { get; set; }

    /// <summary>The caller's SHA1 of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumSHA1 { get; set; }

    /// <summary>
    /// The caller's SHA256 of the whole object (base64), computed before the upload, e.g. when the file was written.
    /// At most one of these <c>Checksum*</c> values may be set; it names the algorithm, and a different
    /// <see cref="ChecksumAlgorithm"/> is an <see cref="ArgumentException"/>.
    /// </summary>
    /// <remarks>
    /// One PutObject sends the value instead of one the library computes, and S3 refuses the object if its bytes do not
    /// match. A multipart upload takes a CRC (CRC32, CRC32C, CRC64NVME): the part CRCs the library computes combine into
    /// the whole object's, which must equal the caller's before CompleteMultipartUpload sends it (otherwise the upload is
    /// aborted with a <see cref="ChecksumMismatchException"/>: the bytes read are not the ones the caller hashed). S3 keeps
    /// no whole-object digest of a multipart object, so a SHA, MD5 or XXHASH value with an object large enough for
    /// parts is a <see cref="NotSupportedException"/> before any request. MD5, SHA512 and the XXHASH values go on a
    /// single PutObject as given (the library does not compute those algorithms).
    /// </remarks>
    public string? ChecksumSHA256 { get; set; }

    /// <summary>The caller's MD5 of the whole object (the x-amz-checksum-md5 header, not Content-MD5). See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumMD5 { get; set; }

    /// <summary>The caller's SHA512 of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumSHA512 { get; set; }

    /// <summary>The caller's XXHASH128 of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumXXHASH128 { get; set; }

    /// <summary>The caller's XXHASH3 of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumXXHASH3 { get; set; }

    /// <summary>The caller's XXHASH64 of the whole object. See <see cref="ChecksumSHA256"/>.</summary>
    public string? ChecksumXXHASH64 { get; set; }

    /// <summary>The object's expected size in bytes. A source of known length that differs is an
    /// <see cref="ArgumentException"/> before any request; a multipart upload also sends it with
    /// CompleteMultipartUpload, so S3 refuses an object of another size (a stream of unknown length included).</summary>
    public long? MpuObjectSize { get; set; }

    /// <summary>The one whole-object checksum the caller gave, if any.</summary>
    internal (ChecksumAlgorithm Algorithm, string Value)? PrecomputedChecksum
    {
        get
        {
            (ChecksumAlgorithm, string)? found = null;
            foreach ((ChecksumAlgorithm algorithm, string? value) in PrecomputedValues())
            {
                if (!string.IsNullOrEmpty(value))
                {
                    found ??= (algorithm, value);
                }
            }

            return found;
        }
    }

    /// <summary>The precomputed checksum's algorithm when the library can compute it too (then it hashes the parts in
    /// it); null otherwise, so that no second checksum header goes with the caller's.</summary>
    private ChecksumAlgorithm? PrecomputedAlgorithm =>
        PrecomputedChecksum is { } given && Checksums.ChecksumHasher.IsSupported(given.Algorithm) ? given.Algorithm : null;

    private IEnumerable<(ChecksumAlgorithm Algorithm, string? Value)> PrecomputedValues() =>
    [
        (Amazon.S3.ChecksumAlgorithm.CRC32, ChecksumCRC32), (Amazon.S3.ChecksumAlgorithm.CRC32C, ChecksumCRC32C),
        (Amazon.S3.ChecksumAlgorithm.CRC64NVME, ChecksumCRC64NVME), (Amazon.S3.ChecksumAlgorithm.SHA1, ChecksumSHA1),
        (Amazon.S3.ChecksumAlgorithm.SHA256, ChecksumSHA256), (Amazon.S3.ChecksumAlgorithm.MD5, ChecksumMD5),
        (Amazon.S3.ChecksumAlgorithm.SHA512, ChecksumSHA512), (Amazon.S3.ChecksumAlgorithm.XXHASH128, ChecksumXXHASH128),
        (Amazon.S3.ChecksumAlgorithm.XXHASH3, ChecksumXXHASH3), (Amazon.S3.ChecksumAlgorithm.XXHASH64, ChecksumXXHASH64),
    ];

    private void ValidatePrecomputed()
    {
        int given = PrecomputedValues().Count(pair => !string.IsNullOrEmpty(pair.Value));
        if (given > 1)
        {
            throw new ArgumentException("Set at most one of the Checksum* values: S3 takes one checksum per object.", nameof(ChecksumSHA256));
        }

        if (PrecomputedChecksum is { } precomputed && ChecksumAlgorithm is { } chosen && chosen != precomputed.Algorithm)
        {
            throw new ArgumentException(
                $"ChecksumAlgorithm is {chosen.Value} but the precomputed checksum is a {precomputed.Algorithm.Value}; leave ChecksumAlgorithm unset or make them agree.",
                nameof(ChecksumAlgorithm));
        }

        if (MpuObjectSize is < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(MpuObjectSize), MpuObjectSize, "MpuObjectSize cannot be negative.");
        }
    }
}
