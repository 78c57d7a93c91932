namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>What the GiB/s column and the LOH mode need to know about a scenario class.</summary>
public interface ITransferScenario
{
    /// <summary>Object bytes one benchmark invocation moves.</summary>
    long BytesPerOperation { get; }

    /// <summary>Transfers (objects) one invocation makes, for requests per transfer.</summary>
    int TransfersPerOperation { get; }

    /// <summary>The endpoint session created by the global setup.</summary>
    EndpointSession Session { get; }
}
