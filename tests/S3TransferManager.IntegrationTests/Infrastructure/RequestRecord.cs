namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>One request as the S3 client sent it.</summary>
public sealed record RequestRecord(int Index, string Method, Uri Uri, string? Range, string? IfMatch)
{
    public bool IsGet => Method == "GET";

    /// <summary>Every header the request carried (its content's too), by case-insensitive name.</summary>
    public IReadOnlyDictionary<string, string> Headers { get; init; } = new Dictionary<string, string>();

    /// <summary>The header's value, or null when the request did not carry it.</summary>
    public string? Header(string name) => Headers.TryGetValue(name, out string? value) ? value : null;

    public bool HasQuery(string name) => Uri.Query.Contains(name, StringComparison.Ordinal);
}
