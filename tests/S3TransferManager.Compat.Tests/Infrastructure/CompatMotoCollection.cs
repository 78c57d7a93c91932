using S3TransferManager.IntegrationTests.Infrastructure;

namespace CompatScenarios.Infrastructure;

/// <summary>Every scenario shares one moto server; each makes its own bucket.</summary>
[CollectionDefinition(Name)]
public sealed class CompatMotoCollection : ICollectionFixture<MotoServer>
{
    public const string Name = "compat-moto";
}
