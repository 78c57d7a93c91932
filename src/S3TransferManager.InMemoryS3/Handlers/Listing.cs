using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>The parameters and the page of one ListObjectsV2 request.</summary>
internal sealed class Listing
{
    public required string Bucket { get; init; }

    public required string Prefix { get; init; }

    public required string Delimiter { get; init; }

    public required string StartAfter { get; init; }

    public required string ContinuationToken { get; init; }

    public required bool UrlEncode { get; init; }

    public int MaxKeys { get; set; }

    public bool IsTruncated { get; set; }

    public string? NextContinuationToken { get; set; }

    public List<StoredObject> Contents { get; } = [];

    public List<string> CommonPrefixes { get; } = [];

    /// <summary>Keys as the client asked for them: URL-encoded (slashes kept) when <c>encoding-type=url</c>.</summary>
    public string Encode(string value) =>
        UrlEncode ? Uri.EscapeDataString(value).Replace("%2F", "/", StringComparison.Ordinal) : value;
}
