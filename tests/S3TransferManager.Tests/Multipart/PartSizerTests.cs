using S3TransferManager.Multipart;

namespace S3TransferManager.Tests.Multipart;

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

    [Theory]
    [InlineData(256, 30)]
    [InlineData(1024, 120)]
    [InlineData(100, 10)]
    [InlineData(150, 20)]
    public void ForWholeWaves_DefaultPartSize_SplitsIntoWholeWavesOfTen(long lengthMiB, int expectedParts)
    {
        long length = lengthMiB * MiB;

        long partSize = PartSizer.ForWholeWaves(length, DefaultPartSize, budget: 10);

        Assert.Equal(expectedParts, PartSizer.PartCount(length, partSize));
    }

    [Fact]
    public void ForWholeWaves_256MiB_RoundsThePartUpTo64KiB()
    {
        long partSize = PartSizer.ForWholeWaves(256 * MiB, DefaultPartSize, budget: 10);

        Assert.Equal(0, partSize % (64 * 1024));
        Assert.InRange(partSize, 256 * MiB / 30, (256 * MiB / 30) + (64 * 1024));
    }

    [Fact]
    public void ForWholeWaves_LessThanOneWave_UsesMoreConnectionsWithPartsOfAtLeast5MiB()
    {
        long partSize = PartSizer.ForWholeWaves(40 * MiB, DefaultPartSize, budget: 10);

        Assert.Equal(5 * MiB, partSize);
        Assert.Equal(8, PartSizer.PartCount(40 * MiB, partSize));
    }

    [Fact]
    public void ForWholeWaves_TooSmallForMorePartsOf5MiB_KeepsTheRequestedSize()
    {
        Assert.Equal(DefaultPartSize, PartSizer.ForWholeWaves(14 * MiB, DefaultPartSize, budget: 10));
    }

    [Fact]
    public void ForWholeWaves_AlreadyWholeWaves_KeepsTheRequestedSize()
    {
        Assert.Equal(DefaultPartSize, PartSizer.ForWholeWaves(160 * MiB, DefaultPartSize, budget: 10));
    }

    [Fact]
    public void ForWholeWaves_BudgetOfOne_KeepsTheRequestedSize()
    {
        Assert.Equal(DefaultPartSize, PartSizer.ForWholeWaves(257 * MiB, DefaultPartSize, budget: 1));
    }

    [Fact]
    public void ForWholeWaves_5TiBOnSevenConnections_StaysWithin10000Parts()
    {
        long length = 5L * 1024 * 1024 * MiB;

        long partSize = PartSizer.ForWholeWaves(length, DefaultPartSize, budget: 7);

        Assert.Equal(9_996, PartSizer.PartCount(length, partSize));
    }

    [Theory]
    [InlineData(3, 10)]
    [InlineData(64, 10)]
    [InlineData(7, 3)]
    [InlineData(100, 64)]
    public void ForWholeWaves_AnyLength_StaysWithinS3LimitsAndOneAndAHalfTimesTheRequestedSize(int budget, int stepMiB)
    {
        for (long length = 16 * MiB; length <= 20 * 1024 * MiB; length += (stepMiB * MiB) + 12_345)
        {
            long partSize = PartSizer.ForWholeWaves(length, DefaultPartSize, budget);

            Assert.InRange(partSize, 5 * MiB, DefaultPartSize + (DefaultPartSize / 2));
            Assert.InRange(PartSizer.PartCount(length, partSize), 1, 10_000);
        }
    }

    [Theory]
    [InlineData(3)]
    [InlineData(10)]
    [InlineData(16)]
    public void ForWholeWaves_AtLeastOneWaveOfParts_GivesAWholeNumberOfWaves(int budget)
    {
        for (long length = budget * DefaultPartSize; length <= 4 * 1024 * MiB; length += (3 * MiB) + 4_321)
        {
            int parts = PartSizer.PartCount(length, PartSizer.ForWholeWaves(length, DefaultPartSize, budget));

            Assert.True(parts % budget == 0, $"{length} bytes: {parts} parts on {budget}");
        }
    }
}
