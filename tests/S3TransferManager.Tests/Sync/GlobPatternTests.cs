using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

/// <summary>The cases follow Python's fnmatch (what the AWS CLI's --include and --exclude use).</summary>
public sealed class GlobPatternTests
{
    [Theory]
    [InlineData("*.txt", "a.txt", true)]
    [InlineData("*.txt", "dir/sub/a.txt", true)]
    [InlineData("*.txt", "a.txt.bak", false)]
    [InlineData("dir/*", "dir/sub/a.bin", true)]
    [InlineData("dir/*", "other/dir/a.bin", false)]
    [InlineData("?.bin", "a.bin", true)]
    [InlineData("?.bin", "ab.bin", false)]
    [InlineData("[ab].bin", "b.bin", true)]
    [InlineData("[ab].bin", "c.bin", false)]
    [InlineData("[!ab].bin", "c.bin", true)]
    [InlineData("[!ab].bin", "a.bin", false)]
    [InlineData("[a-c]x", "bx", true)]
    [InlineData("[]]x", "]x", true)]
    [InlineData("a[b", "a[b", true)]
    [InlineData("a.b", "aXb", false)]
    [InlineData("(x)+", "(x)+", true)]
    [InlineData("*", "", true)]
    public void IsMatch_FnmatchRules(string pattern, string name, bool expected)
    {
        Assert.Equal(expected, new GlobPattern(pattern).IsMatch(name));
    }

    [Fact]
    public void IsMatch_Case_MattersExceptOnWindows()
    {
        Assert.Equal(OperatingSystem.IsWindows(), new GlobPattern("*.TXT").IsMatch("a.txt"));
    }
}
