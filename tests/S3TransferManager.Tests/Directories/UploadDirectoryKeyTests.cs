namespace S3TransferManager.Tests.Directories;

public sealed class UploadDirectoryKeyTests
{
    [Theory]
    [InlineData(null, "a/b.txt")]
    [InlineData("", "a/b.txt")]
    [InlineData("backup", "backup/a/b.txt")]
    [InlineData("backup/", "backup/a/b.txt")]
    public void KeyFor_Prefix_JoinsWithOneSlash(string? prefix, string expected)
    {
        var request = new TransferUtilityUploadDirectoryRequest { KeyPrefix = prefix };

        Assert.Equal(expected, request.KeyFor("a/b.txt"));
    }
}
