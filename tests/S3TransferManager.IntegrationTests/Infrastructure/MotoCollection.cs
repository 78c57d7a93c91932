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

/// <summary>Tests that mostly wait out a request's bound (a request never answered) on a moto of their own, so they run
/// beside the main collection rather than after it.</summary>
[CollectionDefinition(Name)]
public sealed class WaitingMotoCollection : ICollectionFixture<MotoServer>
{
    public const string Name = "moto-waiting";
}
