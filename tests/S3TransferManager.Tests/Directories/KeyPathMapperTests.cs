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
        string path = new KeyPathMapper(prefix, disableSlashCorrection: false, Root).Map(key)!;

        Assert.Equal(Path.Combine([Root, .. expected.Split('/')]), path);
    }

    // As the AWS SDK's TransferUtility maps them: a prefix used as given keeps everything after its last '/', so keys
    // that share the prefix's characters but not its folder stay apart.
    [Theory]
    [InlineData("2026-11-25", true, "2026-11-25", "2026-11-250file.txt", "2026-11-250file.txt")]
    [InlineData("2026-11-25", true, "2026-11-25", "2026-11-25/0file.txt", "2026-11-25/0file.txt")]
    [InlineData("logs/2026-11-25", true, "logs/2026-11-25", "logs/2026-11-25/0file.txt", "2026-11-25/0file.txt")]
    [InlineData("logs/2026-11-25", true, "logs/2026-11-25", "logs/2026-11-250file.txt", "2026-11-250file.txt")]
    [InlineData("2026-11-25/", true, "2026-11-25/", "2026-11-25/0file.txt", "0file.txt")]
    [InlineData("2026-11-25", false, "2026-11-25/", "2026-11-25/0file.txt", "0file.txt")]
    [InlineData("/logs\\2026", false, "logs/2026/", "logs/2026/a", "a")]
    [InlineData("/", false, "", "a/b", "a/b")]
    public void Map_PrefixAndSlashCorrection_ListsAndCutsAsTheAwsSdk(string s3Directory, bool disable, string listPrefix,
        string key, string expected)
    {
        var mapper = new KeyPathMapper(s3Directory, disable, Root);

        Assert.Equal(listPrefix, mapper.ListPrefix);
        Assert.Equal(expected, mapper.RelativeKey(key));
        Assert.Equal(Path.Combine([Root, .. expected.Split('/')]), mapper.Map(key));
    }

    [Fact]
    public void Map_KeyOutsideTheListedPrefix_ThrowsUnsafeKey()
    {
        var mapper = new KeyPathMapper("data", disableSlashCorrection: false, Root);

        Assert.Throws<UnsafeKeyException>(() => mapper.Map("other/a.txt"));
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
        UnsafeKeyException error = Assert.Throws<UnsafeKeyException>(() => new KeyPathMapper(null, false, Root).Map(key));

        Assert.Equal(key, error.Key);
    }

    [Fact]
    public void Map_FolderMarker_ReturnsPathEndingInASeparator()
    {
        string path = new KeyPathMapper("data", false, Root).Map("data/sub/")!;

        Assert.Equal(Path.Combine(Root, "sub") + Path.DirectorySeparatorChar, path);
    }

    [Fact]
    public void Map_ThePrefixItself_ReturnsNull()
    {
        Assert.Null(new KeyPathMapper("data/", false, Root).Map("data/"));
    }
}
