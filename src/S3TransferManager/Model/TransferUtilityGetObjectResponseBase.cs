using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>What every download learns about the object it read: its identity, size and headers. The base of
/// <see cref="TransferUtilityDownloadResponse"/> and <see cref="TransferUtilityOpenStreamResponse"/>, as in
/// <c>Amazon.S3.Transfer</c>.</summary>
public abstract partial class TransferUtilityGetObjectResponseBase
{
    private protected TransferUtilityGetObjectResponseBase()
    {
    }

    /// <summary>The object's ETag (quoted, as S3 sends it); every part was fetched with If-Match on it.</summary>
    public string? ETag { get; set; }

    /// <summary>The whole object's length in bytes.</summary>
    public long ContentLength { get; set; }

    /// <summary>The object's Content-Type.</summary>
    public string? ContentType { get; set; }

    /// <summary>The object's Content-Type and Content-Length as a header collection, where code written for
    /// <c>Amazon.S3.Transfer</c> reads them (<c>response.Headers.ContentType</c>). Other headers of the object are
    /// not kept.</summary>
    public HeadersCollection Headers => new() { ContentType = ContentType, ContentLength = ContentLength };

    /// <summary>When the object was last modified, as S3 reports it.</summary>
    public DateTime? LastModified { get; set; }

    /// <summary>The version that was read, when the bucket is versioned.</summary>
    public string? VersionId { get; set; }

    /// <summary>The object's user metadata (x-amz-meta-*), as the first response carried it: the AWS SDK's own
    /// collection, so it behaves as on the SDK's response. Its <c>Keys</c> keep the <c>x-amz-meta-</c> prefix, and its
    /// indexer takes a name with or without it, ignoring case (<c>Metadata["color"]</c> and
    /// <c>Metadata["x-amz-meta-color"]</c> are the same value; an absent name reads <see langword="null"/>).</summary>
    public MetadataCollection Metadata { get; set; } = new();

    /// <summary>What the bytes were checked against (see <see cref="TransferUtilityConfig.ValidateDownloadChecksums"/>).
    /// For a download to a file, set when it completes; for OpenStream, set when the reader reaches the end of the
    /// object (it is <see langword="null"/> before). A mismatch is not reported here: it throws
    /// <see cref="ChecksumMismatchException"/>.</summary>
    public ChecksumValidationResult? ChecksumValidation { get; set; }
}
