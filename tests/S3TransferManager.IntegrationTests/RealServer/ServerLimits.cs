namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>What a real server lacks that a test needs, as observed by the real-server run and read in the server's
/// source: the reasons of <see cref="RealServerFactAttribute.Unsupported"/>.</summary>
public static class ServerLimits
{
    public const string S3rverCopy =
        "s3rver 3.7 has no UploadPartCopy (501 NotImplemented) and answers the AWS SDK for .NET's CopyObject NoSuchBucket "
        + "(it reads x-amz-copy-source with decodeURI, which leaves an encoded slash encoded)";

    public const string S3rverListParts =
        "s3rver 3.7 has no ListParts (GET ?uploadId answers 405 MethodNotAllowed): the parts of an interrupted upload cannot be listed to resume it";

    public const string SwiftCopySourceIfMatch =
        "Swift s3api 2.30 answers UploadPartCopy pinned with x-amz-copy-source-if-match to a multipart object's ETag (value-N) 412 PreconditionFailed";
}
