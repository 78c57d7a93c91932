using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

/// <summary>One moto for every CLI test that needs it; each test makes its own bucket.</summary>
[CollectionDefinition(Name)]
public sealed class MotoCollection : ICollectionFixture<MotoServer>
{
    public const string Name = "cli-moto";
}
