namespace S3TransferManager.Tests.Telemetry;

/// <summary>Tests that read the library's process-wide instruments without a bucket to filter on (the observable
/// sums, the allocations of a recording): they run alone, so no other test's transfer moves the numbers.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class TelemetryListenersCollection
{
    public const string Name = "Telemetry listeners";
}
