using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

public sealed class PartLayoutTests
{
    [Theory]
    [InlineData(0, 10, 1)]
    [InlineData(1, 10, 1)]
    [InlineData(10, 10, 1)]
    [InlineData(11, 10, 2)]
    [InlineData(37, 10, 4)]
    public void PartCount_ForLength_CoversEveryByteOnce(long length, long partSize, int expectedParts)
    {
        var layout = new PartLayout(length, partSize);

        Assert.Equal(expectedParts, layout.PartCount);
        long covered = 0;
        for (int part = 1; part <= layout.PartCount; part++)
        {
            Assert.Equal(covered, layout.StartOf(part));
            covered += layout.LengthOf(part);
        }

        Assert.Equal(length, covered);
    }

    [Fact]
    public void EndOf_LastPart_IsTheObjectsLastByte()
    {
        var layout = new PartLayout(37, 10);

        Assert.Equal(36, layout.EndOf(4));
        Assert.Equal(7, layout.LengthOf(4));
    }
}
