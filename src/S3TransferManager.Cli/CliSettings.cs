namespace S3TransferManager.Cli;

/// <summary>The global options' values for one run.</summary>
internal sealed record CliSettings(
    string? Endpoint,
    string? Region,
    string? Profile,
    bool PathStyle,
    int Concurrency,
    long? PartSize,
    string? Checksum,
    bool Quiet,
    bool Json)
{
    public TransferUtilityConfig TransferConfig() => new() { ConcurrentServiceRequests = Concurrency };
}
