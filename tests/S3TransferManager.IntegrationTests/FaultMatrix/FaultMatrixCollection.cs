using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>The fault matrix has a moto of its own, so its cases (one after another) run beside the other moto tests
/// instead of after them.</summary>
[CollectionDefinition(Name)]
public sealed class FaultMatrixCollection : ICollectionFixture<MotoServer>
{
    public const string Name = "fault-matrix";
}
