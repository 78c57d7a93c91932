namespace S3TransferManager;

/// <summary>
/// The bytes that arrived do not match the checksum S3 stored with the object: they were changed on the way (a proxy,
/// a network card, a bug) or the stored object is not what it claims. The download writes nothing: no destination file
/// is created or replaced, and a stream reports this error instead of its end. An upload throws it too when the bytes
/// it read do not match the caller's precomputed checksum (<see cref="TransferUtilityUploadRequest.ChecksumCRC32"/>
/// and the others): the multipart upload is aborted and nothing is stored.
/// </summary>
public sealed class ChecksumMismatchException : IOException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="algorithm">The checksum algorithm (CRC64NVME, CRC32, CRC32C, SHA1 or SHA256).</param>
    /// <param name="expected">The checksum S3 stored, base64 as S3 sends it.</param>
    /// <param name="actual">The checksum of the bytes received, in the same form.</param>
    /// <param name="partNumber">The stored part that did not match, for a composite checksum checked part by part;
    /// <see langword="null"/> for the whole object.</param>
    /// <param name="innerException">The error that reported the mismatch, when another layer found it first (the AWS
    /// SDK checks a whole-object GET itself).</param>
    public ChecksumMismatchException(string bucketName, string key, string algorithm, string expected, string actual, int? partNumber = null,
        Exception? innerException = null)
        : base(BuildMessage(bucketName, key, algorithm, expected, actual, partNumber), innerException)
    {
        BucketName = bucketName;
        Key = key;
        Algorithm = algorithm;
        Expected = expected;
        Actual = actual;
        PartNumber = partNumber;
    }

    private ChecksumMismatchException(string message, string bucketName, string key, string algorithm, string expected, string actual)
        : base(message)
    {
        BucketName = bucketName;
        Key = key;
        Algorithm = algorithm;
        Expected = expected;
        Actual = actual;
    }

    /// <summary>The bucket.</summary>
    public string BucketName { get; }

    /// <summary>The object's key.</summary>
    public string Key { get; }

    /// <summary>The checksum algorithm (CRC64NVME, CRC32, CRC32C, SHA1 or SHA256).</summary>
    public string Algorithm { get; }

    /// <summary>The checksum S3 stored (for an upload, the caller's precomputed one), base64 as S3 sends it.</summary>
    public string Expected { get; }

    /// <summary>The checksum of the bytes received (for an upload, of the bytes read), base64.</summary>
    public string Actual { get; }

    /// <summary>The stored part whose checksum did not match, or <see langword="null"/> when the whole object's did not.</summary>
    public int? PartNumber { get; }

    /// <summary>An upload's bytes do not match the checksum the caller computed beforehand (<paramref name="expected"/>).</summary>
    internal static ChecksumMismatchException ForUpload(string bucketName, string key, string algorithm, string expected, string actual) =>
        new($"s3://{bucketName}/{key}: the {algorithm} checksum of the bytes read for upload is {actual}, but the request's precomputed value is {expected} "
            + "(the source changed since it was hashed, or the value is of other bytes). The multipart upload was aborted; nothing was stored.",
            bucketName, key, algorithm, expected, actual);

    private static string BuildMessage(string bucketName, string key, string algorithm, string expected, string actual, int? partNumber) =>
        partNumber is null
            ? $"s3://{bucketName}/{key}: the {algorithm} checksum of the bytes received is {actual}, but S3 stored {expected}. Nothing was written."
            : $"s3://{bucketName}/{key}: the {algorithm} checksum of part {partNumber} received is {actual}, but S3 stored {expected}. Nothing was written.";
}
