using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

public sealed class SyncFilterTests
{
    [Fact]
    public void Includes_NoRules_EverythingIncluded()
    {
        Assert.True(new SyncFilter([]).Includes("any/thing"));
    }

    [Fact]
    public void Includes_ExcludeAllThenIncludeSome_LastMatchingRuleWins()
    {
        var filter = new SyncFilter([SyncFilterRule.Exclude("*"), SyncFilterRule.Include("*.txt")]);

        Assert.Equal((true, false), (filter.Includes("a/b.txt"), filter.Includes("a/b.bin")));
    }

    [Fact]
    public void Includes_IncludeThenExclude_TheLaterExcludeWins()
    {
        var filter = new SyncFilter([SyncFilterRule.Include("*.txt"), SyncFilterRule.Exclude("logs/*")]);

        Assert.Equal((false, true, true), (filter.Includes("logs/a.txt"), filter.Includes("a.txt"), filter.Includes("a.bin")));
    }

    [Fact]
    public void Exclude_EmptyPattern_Throws()
    {
        Assert.Throws<ArgumentException>(() => SyncFilterRule.Exclude(""));
    }
}
