using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Tests.Output;

public sealed class TransferRowColumnTests
{
    [Theory]
    [InlineData("upload s3://b/k", 20, "upload s3://b/k")]
    [InlineData("upload s3://my-bucket/videos/holiday-2025.mp4", 16, "uploa…y-2025.mp4")]
    [InlineData("download", 1, "…")]
    public void Fit_LongLabel_LosesItsMiddle(string label, int width, string expected) =>
        Assert.Equal(expected, TransferRowColumn.Fit(label, width));
}
