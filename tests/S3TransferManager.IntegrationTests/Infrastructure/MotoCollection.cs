namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Every test against moto shares one server; each test makes its own bucket.</summary>
[CollectionDefinition(Name)]
public sealed class MotoCollection : ICollectionFixture<MotoServer>
{
    public const string Name = "moto";
}

/// <summary>Tests that measure process-wide allocations run alone, after the parallel ones, on the same moto.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class IsolatedMotoCollection : ICollectionFixture<MotoServer>
{
    public const string Name = "moto-isolated";
}
