namespace S3TransferManager.Tests.Buffering;

/// <summary>Tests that change the process-wide thread pool limits: they must not run beside any other test.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ThreadPoolLimitsCollection
{
    public const string Name = "Thread pool limits";
}
