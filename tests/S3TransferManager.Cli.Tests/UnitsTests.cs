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
}
