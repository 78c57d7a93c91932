using System.Reflection;

namespace S3TransferManager.Tests;

public sealed class DownloadRequestBaseTests
{
    [Fact]
    public void Constructors_All_ArePrivateProtectedSoNoOtherAssemblyCanDerive()
    {
        ConstructorInfo[] constructors = typeof(DownloadRequestBase).GetConstructors(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);

        Assert.NotEmpty(constructors);
        Assert.All(constructors, c => Assert.True(c.IsFamilyAndAssembly, $"{c} is not private protected"));
    }
}
