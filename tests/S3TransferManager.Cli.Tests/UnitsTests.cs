namespace S3TransferManager.Cli.Tests;

public sealed class UnitsTests
{
    [Theory]
    [InlineData(7 * 24 * 3600, "7d")]
    [InlineData(36 * 3600, "36h")]
    [InlineData(90 * 60, "90m")]
    [InlineData(45, "45s")]
    [InlineData(0, "0s")]
    public void FormatAge_WholeUnits_AsTheyAreTyped(int seconds, string expected)
    {
        string text = Units.FormatAge(TimeSpan.FromSeconds(seconds));

        Assert.True(Units.TryParseAge(text, out TimeSpan back));
        Assert.Equal((expected, TimeSpan.FromSeconds(seconds)), (text, back));
    }

    [Theory]
    [InlineData("50M", 50L << 20)]
    [InlineData("512K", 512L << 10)]
    [InlineData("1G", 1L << 30)]
    [InlineData("1.5M", 3L << 19)]
    [InlineData("100", 100L << 10)] // a bare number is KiB/s, as in rclone
    [InlineData("2M/s", 2L << 20)]
    [InlineData("10MB", 10_000_000L)]
    [InlineData("800B", 800L)]
    [InlineData("off", 0L)]
    [InlineData("0", 0L)]
    public void TryParseRate_RcloneForms_BytesPerSecond(string text, long expected)
    {
        Assert.True(Units.TryParseRate(text, out long bytesPerSecond));
        Assert.Equal(expected, bytesPerSecond);
    }

    [Theory]
    [InlineData("fast")]
    [InlineData("-5M")]
    [InlineData("")]
    [InlineData("10M:1M")]
    public void TryParseRate_NotARate_False(string text)
    {
        Assert.False(Units.TryParseRate(text, out _));
    }
}
