namespace S3TransferManager;

/// <summary>What a finished download learned about the object.</summary>
public sealed class TransferUtilityDownloadResponse
{
    /// <summary>The object's ETag (quoted, as S3 sends it); every part was fetched with If-Match on it.</summary>
    public string? ETag { get; init; }

    /// <summary>The whole object's length in bytes.</summary>
    public long ContentLength { get; init; }

    /// <summary>The object's Content-Type.</summary>
    public string? ContentType { get; init; }

    /// <summary>When the object was last modified, as S3 reports it.</summary>
    public DateTime? LastModified { get; init; }

    /// <summary>The version that was downloaded, when the bucket is versioned.</summary>
    public string? VersionId { get; init; }

    /// <summary>The object's user metadata (x-amz-meta-*), keyed without the prefix.</summary>
    public IReadOnlyDictionary<string, string> Metadata { get; init; } = new Dictionary<string, string>();
}
