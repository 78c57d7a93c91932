using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class KeyPathMapperTests
{
    private static readonly string Root = Path.Combine(Path.GetTempPath(), "mapper-root");

    [Theory]
    [InlineData("data/a.txt", "data", "a.txt")]
    [InlineData("data/a.txt", "data/", "a.txt")]
    [InlineData("data/sub/deep/b.bin", "data", "sub/deep/b.bin")]
    [InlineData("x/y z/ünï.txt", null, "x/y z/ünï.txt")]
    [InlineData("a..b/c", "", "a..b/c")]
    public void Map_SafeKey_ReturnsPathUnderTheFolder(string key, string? prefix, string expected)
    {
        string path = KeyPathMapper.Map(key, prefix, Root)!;

        Assert.Equal(Path.Combine([Root, .. expected.Split('/')]), path);
    }

    [Theory]
    [InlineData("../escape.txt")]
    [InlineData("data/../../escape.txt")]
    [InlineData("a/./b")]
    [InlineData("/etc/passwd")]
    [InlineData("a//b")]
    [InlineData("C:/windows/evil")]
    [InlineData("c:evil")]
    [InlineData("..\\escape.txt")]
    [InlineData("sub\\..\\..\\escape")]
    [InlineData("a/..")]
    [InlineData("nul\0byte")]
    public void Map_KeyThatCouldLeaveTheFolder_ThrowsUnsafeKey(string key)
    {
        UnsafeKeyException error = Assert.Throws<UnsafeKeyException>(() => KeyPathMapper.Map(key, null, Root));

        Assert.Equal(key, error.Key);
    }

    [Fact]
    public void Map_FolderMarker_ReturnsPathEndingInASeparator()
    {
        string path = KeyPathMapper.Map("data/sub/", "data", Root)!;

        Assert.Equal(Path.Combine(Root, "sub") + Path.DirectorySeparatorChar, path);
    }

    [Fact]
    public void Map_ThePrefixItself_ReturnsNull()
    {
        Assert.Null(KeyPathMapper.Map("data/", "data/", Root));
    }
}
