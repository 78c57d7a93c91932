using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Tests;

/// <summary>The ls columns, against what AWS CLI 1.45's own functions give for the same input (values computed with
/// awscli.customizations.s3.utils.human_readable_size).</summary>
public sealed class ListingFormatTests
{
    [Theory]
    [InlineData(0L, "0 Bytes")]
    [InlineData(1L, "1 Byte")]
    [InlineData(2L, "2 Bytes")]
    [InlineData(1023L, "1023 Bytes")]
    [InlineData(1024L, "1.0 KiB")]
    [InlineData(2304L, "2.2 KiB")]
    [InlineData(1_048_575L, "1.0 MiB")]
    [InlineData(3_500_000L, "3.3 MiB")]
    [InlineData(1_073_741_823L, "1.0 GiB")]
    [InlineData(5_497_558_139_003L, "5.0 TiB")]
    [InlineData(4_611_686_018_427_387_904L, "4.0 EiB")]
    public void HumanSize_AsTheAwsCliRoundsIt(long bytes, string expected) => Assert.Equal(expected, ListingFormat.HumanSize(bytes));

    [Theory]
    [InlineData("backup/f1.txt", "backup/", "f1.txt")]
    [InlineData("backup/sub/", "backup/", "sub/")]
    [InlineData("backup/f1.txt", "backup/f", "f1.txt")]
    [InlineData("backup/", "backup", "backup/")]
    [InlineData("top.txt", "", "top.txt")]
    public void Relative_CutsAtTheLastSlashOfThePrefix(string key, string prefix, string expected) =>
        Assert.Equal(expected, ListingFormat.Relative(key, prefix));

    [Fact]
    public void ObjectAndPrefix_HaveTheAwsCliColumns()
    {
        var time = new DateTime(2026, 11, 25, 19, 48, 28, DateTimeKind.Local);

        Assert.Equal("2026-11-25 19:48:28         12 f1.txt", ListingFormat.Object(time, 12, "f1.txt", humanReadable: false));
        Assert.Equal("2026-11-25 19:48:28    3.3 MiB big.bin", ListingFormat.Object(time, 3_500_000, "big.bin", humanReadable: true));
        Assert.Equal("                           PRE sub/", ListingFormat.Prefix("sub/"));
        Assert.Equal(["", "Total Objects: 2", "   Total Size: 12 Bytes"], ListingFormat.Summary(2, 12, humanReadable: true));
    }
}
