namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>Which client writes an object, and how.</summary>
public abstract record Writer
{
    /// <summary>boto3 (python3, a child process): <c>upload_file</c>, or the low-level client's FULL_OBJECT CRC32
    /// multipart upload (<c>full_object_crc32</c>); <paramref name="PartSizeMiB"/> sets the multipart threshold and
    /// chunk size (boto3's default is 8 MiB for both), <paramref name="Algorithm"/> the <c>ChecksumAlgorithm</c>.</summary>
    public sealed record Boto3(string Kind, int? PartSizeMiB = null, string? Algorithm = null) : Writer;

    /// <summary>The AWS CLI's <c>aws s3 cp</c>, with its defaults.</summary>
    public sealed record AwsCli : Writer;

    /// <summary>The AWS SDK for .NET's own <c>Amazon.S3.Transfer.TransferUtility</c> on a client with the SDK's defaults.</summary>
    public sealed record AwsSdk(string? Algorithm = null) : Writer;

    /// <summary>This library's upload, with its defaults.</summary>
    public sealed record Library(string? Algorithm = null) : Writer;
}
