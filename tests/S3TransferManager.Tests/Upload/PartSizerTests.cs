using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

public sealed class PartSizerTests
{
    private const long MiB = 1024 * 1024;
    private const long DefaultPartSize = 8 * MiB;

    [Fact]
    public void ForKnownLength_5TiB_GrowsPartsSoNoMoreThan10000AreNeeded()
    {
        long length = 5L * 1024 * 1024 * MiB;

        long partSize = PartSizer.ForKnownLength(length, DefaultPartSize);

        Assert.Equal((length + 9_999) / 10_000, partSize);
        Assert.Equal(10_000, PartSizer.PartCount(length, partSize));
        Assert.True(partSize <= 5L * 1024 * MiB, "a part may not exceed 5 GiB");
    }

    [Fact]
    public void ForKnownLength_ExactlyTenThousandParts_KeepsTheRequestedSize()
    {
        long length = 10_000 * DefaultPartSize;

        Assert.Equal(DefaultPartSize, PartSizer.ForKnownLength(length, DefaultPartSize));
        Assert.Equal(10_000, PartSizer.PartCount(length, DefaultPartSize));
    }

    [Fact]
    public void ForKnownLength_OneByteMoreThanTenThousandParts_GrowsByOneByte()
    {
        long length = (10_000 * DefaultPartSize) + 1;

        long partSize = PartSizer.ForKnownLength(length, DefaultPartSize);

        Assert.Equal(DefaultPartSize + 1, partSize);
        Assert.Equal(10_000, PartSizer.PartCount(length, partSize));
    }

    [Fact]
    public void ForKnownLength_SmallObject_KeepsTheRequestedSize()
    {
        Assert.Equal(DefaultPartSize, PartSizer.ForKnownLength(40 * MiB, DefaultPartSize));
        Assert.Equal(5, PartSizer.PartCount(40 * MiB, DefaultPartSize));
    }

    [Fact]
    public void PartCount_EmptyObject_IsOnePart()
    {
        Assert.Equal(1, PartSizer.PartCount(0, DefaultPartSize));
    }
}
