namespace S3TransferManager.InMemoryS3;

/// <summary>How the endpoint describes the checksums it stores, so that clients can be tested against servers that
/// describe them differently from S3.</summary>
public enum InMemoryS3ChecksumStyle
{
    /// <summary>
    /// As S3 does: a composite checksum is <c>value-N</c> with <c>x-amz-checksum-type: COMPOSITE</c> in whole-object
    /// GETs and HEADs, and GetObjectAttributes lists its parts.
    /// </summary>
    S3,

    /// <summary>
    /// As moto 5.x does: a HEAD sends a composite checksum bare (no <c>-N</c>, no <c>x-amz-checksum-type</c>), so it
    /// reads like a full-object one, and GetObjectAttributes lists no parts. Whole-object GETs keep <c>-N</c> and the
    /// type, and a full-object checksum keeps its type, as moto's do.
    /// </summary>
    Moto,

    /// <summary>
    /// <see cref="Moto"/>, and as moto does without its optional crc32c module: a CRC32C value the server computes
    /// itself, at CompleteMultipartUpload (a composite, or a full-object one, which moto computes from the bytes rather
    /// than keep the client's), is a CRC32, stored under the CRC32C name. PutObject keeps the client's value.
    /// </summary>
    MotoWithoutCrc32C,
}
