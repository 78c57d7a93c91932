namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>One request as the S3 client sent it.</summary>
public sealed record RequestRecord(int Index, string Method, Uri Uri, string? Range, string? IfMatch)
{
    public bool IsGet => Method == "GET";

    public bool HasQuery(string name) => Uri.Query.Contains(name, StringComparison.Ordinal);
}
