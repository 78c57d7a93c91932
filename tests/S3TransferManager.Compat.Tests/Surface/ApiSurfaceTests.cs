namespace CompatScenarios.Surface;

/// <summary>Every public member of the AWS SDK's Amazon.S3.Transfer types has a counterpart here, or is one of the
/// members the compatibility table (docs/compatibility.md) lists as not supported.</summary>
public sealed class ApiSurfaceTests
{
    [Fact]
    public void Missing_ComparedWithAwsSdk_OnlyTheDocumentedExceptions()
    {
        string[] missing = [.. ApiSurface.Missing()];

        Assert.Equal(NotSupported.Members.Order(StringComparer.Ordinal), missing.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void PropertyDifferences_ComparedWithAwsSdk_OnlyTheDocumentedOnes()
    {
        string[] differences = [.. ApiSurface.PropertyDifferences()];

        Assert.Equal(DocumentedDifferences.Properties.Order(StringComparer.Ordinal), differences.Order(StringComparer.Ordinal));
    }
}
