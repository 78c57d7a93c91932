namespace S3TransferManager.Sync;

/// <summary>One side of a sync, resolved: a local folder (full path), or a bucket and a prefix that is empty or ends
/// in '/'.</summary>
internal sealed record SyncSide(string? Directory, string? Bucket, string Prefix)
{
    public bool IsLocal => Directory is not null;

    public static SyncSide Local(string directory) => new(Path.GetFullPath(directory), null, string.Empty);

    public static SyncSide S3(string bucket, string? prefix) => new(null, bucket, AsFolder(prefix));

    /// <summary>Where <paramref name="relativeKey"/> lives on this side: its key (prefix + relative key) or its full path.</summary>
    public string LocationOf(string relativeKey) =>
        IsLocal ? Path.Combine(Directory!, relativeKey.Replace('/', Path.DirectorySeparatorChar)) : Prefix + relativeKey;

    /// <summary>How users name the entry: its path, or s3://bucket/key.</summary>
    public string Display(string location) => IsLocal ? location : $"s3://{Bucket}/{location}";

    private static string AsFolder(string? prefix)
    {
        string trimmed = (prefix ?? string.Empty).TrimStart('/');
        return trimmed.Length == 0 || trimmed.EndsWith('/') ? trimmed : trimmed + "/";
    }
}
