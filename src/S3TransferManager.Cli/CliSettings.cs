namespace S3TransferManager.Cli;

/// <summary>The global options' values for one run.</summary>
internal sealed record CliSettings(
    string? Endpoint,
    string? Region,
    string? Profile,
    bool PathStyle,
    int? Concurrency,
    long? PartSize,
    string? Checksum,
    bool Resume,
    string? JournalFolder,
    bool Quiet,
    bool Json,
    long? BandwidthLimit = null,
    bool NoProgress = false,
    string? ChecksumCalculation = null,
    string? ChecksumValidation = null)
{
    /// <summary>The library's settings: only what the user gave. Setting ConcurrentServiceRequests at all makes it a hard
    /// cap (no early requests between parts), so without --concurrency it is left at the library's default. Resume is on
    /// unless --no-resume: a command-line copy is re-run by hand after a crash, and the same command then continues.</summary>
    public TransferUtilityConfig TransferConfig()
    {
        var config = new TransferUtilityConfig { ResumeTransfers = Resume, ResumeJournalFolder = JournalFolder };
        if (Concurrency is { } concurrency)
        {
            config.ConcurrentServiceRequests = concurrency;
        }

        config.MaxBytesPerSecond = BandwidthLimit;

        return config;
    }
}
