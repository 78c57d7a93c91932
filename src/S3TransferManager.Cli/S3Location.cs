namespace S3TransferManager.Cli;

/// <summary>A parsed <c>s3://bucket/key</c> address; the key may be empty (a bucket or a prefix).</summary>
internal sealed record S3Location(string Bucket, string Key)
{
    private const string Scheme = "s3://";

    public static bool IsS3(string text) => text.StartsWith(Scheme, StringComparison.OrdinalIgnoreCase);

    public static S3Location Parse(string text)
    {
        if (!IsS3(text))
        {
            throw new UsageException($"'{text}' is not an s3:// address.");
        }

        string rest = text[Scheme.Length..];
        int slash = rest.IndexOf('/', StringComparison.Ordinal);
        string bucket = slash < 0 ? rest : rest[..slash];
        string key = slash < 0 ? string.Empty : rest[(slash + 1)..];
        if (bucket.Length == 0)
        {
            throw new UsageException($"'{text}' has no bucket name.");
        }

        return new S3Location(bucket, key);
    }

    /// <param name="hint">What else the user may have meant, added to the message.</param>
    public S3Location RequireKey(string? hint = null)
    {
        if (Key.Length == 0 || Key.EndsWith('/'))
        {
            throw new UsageException(hint is null
                ? $"'{this}' names no object; give s3://bucket/key."
                : $"'{this}' names no object; give s3://bucket/key, or {hint}.");
        }

        return this;
    }

    public override string ToString() => $"{Scheme}{Bucket}/{Key}";
}
