namespace S3TransferManager.InMemoryS3.Compatibility;

/// <summary>
/// Where the endpoint answers as a particular S3-compatible server does instead of as S3, resolved once from
/// <see cref="InMemoryS3Options"/>. <see cref="S3"/> has none of the differences.
/// </summary>
internal sealed record ServerHabits(
    bool SupportsDeleteObjects,
    bool SupportsChecksumHeaders,
    InMemoryS3AwsChunkedBodies AwsChunkedBodies,
    bool SupportsPartNumberGet,
    bool MultipartETagsHavePartCount,
    bool EmptyETagFromCompleteMultipartUpload,
    bool EmptyObjectRangeAnsweredAsOneByte)
{
    /// <summary>S3's own behaviour.</summary>
    public static ServerHabits S3 { get; } = new(
        SupportsDeleteObjects: true,
        SupportsChecksumHeaders: true,
        InMemoryS3AwsChunkedBodies.Decode,
        SupportsPartNumberGet: true,
        MultipartETagsHavePartCount: true,
        EmptyETagFromCompleteMultipartUpload: false,
        EmptyObjectRangeAnsweredAsOneByte: false);

    public static ServerHabits From(InMemoryS3Options options) => new(
        options.SupportsDeleteObjects,
        options.SupportsChecksumHeaders,
        options.AwsChunkedBodies,
        options.SupportsPartNumberGet,
        options.MultipartETagsHavePartCount,
        options.EmptyETagFromCompleteMultipartUpload,
        options.EmptyObjectRangeAnsweredAsOneByte);
}
