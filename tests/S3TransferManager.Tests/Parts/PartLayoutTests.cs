using S3TransferManager.Parts;

namespace S3TransferManager.Tests.Parts;

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

    private const long MiB = 1024 * 1024;

    [Theory]
    [InlineData(256 * MiB, 8 * MiB, 10)]
    [InlineData(1024 * MiB, 8 * MiB, 10)]
    [InlineData((100 * MiB) + 12345, 8 * MiB, 10)]
    [InlineData((78 * MiB) + 1, 8 * MiB, 10)]
    [InlineData(300 * MiB, 5 * MiB, 3)]
    [InlineData((40 * MiB) - 7, 4 * MiB, 2)]
    [InlineData(3000 * MiB, 16 * MiB, 10)]
    [InlineData(1000 * MiB, 16 * MiB, 64)]
    public void StartOf_WithTail_PartsAreContiguousNonEmptyAndCoverTheObject(long length, long partSize, int tailWidth)
    {
        var layout = new PartLayout(length, partSize, tailWidth);

        long covered = 0;
        for (int part = 1; part <= layout.PartCount; part++)
        {
            Assert.Equal(covered, layout.StartOf(part));
            long partLength = layout.LengthOf(part);
            Assert.InRange(partLength, 1, partSize);
            covered += partLength;
        }

        Assert.Equal(length, covered);
        Assert.Equal(length - 1, layout.EndOf(layout.PartCount));
    }

    [Fact]
    public void StartOf_WithTail_FirstPartIsTheDiscoveryRange()
    {
        var layout = new PartLayout(256 * MiB, 8 * MiB, 10);

        Assert.Equal(0, layout.StartOf(1));
        Assert.Equal((8 * MiB) - 1, layout.EndOf(1));
    }

    [Fact]
    public void LengthOf_WithTail_PartsNeverGrowTowardTheEnd()
    {
        var layout = new PartLayout(256 * MiB, 8 * MiB, 10);

        for (int part = 2; part <= layout.PartCount; part++)
        {
            // Parts of one tail level may differ by the one byte of rounding.
            Assert.True(layout.LengthOf(part) <= layout.LengthOf(part - 1) + 1, $"part {part} is longer than part {part - 1}");
        }
    }

    [Fact]
    public void LengthOf_WithTail_LastPartsAreAboutTheSmallestTailSize()
    {
        var layout = new PartLayout(256 * MiB, 8 * MiB, 10);

        Assert.InRange(layout.LengthOf(layout.PartCount), PartLayout.MinTailPartSize, 2 * PartLayout.MinTailPartSize);
    }

    [Fact]
    public void PartCount_WithTail_AddsWidthPartsPerHalving()
    {
        var layout = new PartLayout(256 * MiB, 8 * MiB, 10);

        // 24 full parts (192 MiB), then 10 x ~4 and 10 x ~2 MiB for the remaining 64 MiB.
        Assert.Equal(44, layout.PartCount);
    }

    [Theory]
    [InlineData(60 * MiB, 8 * MiB, 10)]
    [InlineData(256 * MiB, 8 * MiB, 1)]
    [InlineData(256 * MiB, 1 * MiB, 10)]
    [InlineData(0, 8 * MiB, 10)]
    public void PartCount_TooShortOrNoTailPossible_IsUniform(long length, long partSize, int tailWidth)
    {
        var layout = new PartLayout(length, partSize, tailWidth);

        Assert.Equal(new PartLayout(length, partSize).PartCount, layout.PartCount);
        Assert.Equal(layout.TotalLength - 1, layout.EndOf(layout.PartCount));
    }

    [Theory]
    [InlineData(1024 * MiB, 8 * MiB, 10)]
    [InlineData((1024 * MiB) + 12345, 8 * MiB, 10)]
    [InlineData(3000 * MiB, 16 * MiB, 10)]
    [InlineData(800 * MiB, 8 * MiB, 10)]
    public void PartCount_HeadMayGrow_NoMoreThanUniformParts(long length, long partSize, int tailWidth)
    {
        var layout = new PartLayout(length, partSize, tailWidth, partSize + (partSize / 4));

        Assert.True(layout.HeadPartSize > partSize, "the head should have grown");
        Assert.True(layout.PartCount <= new PartLayout(length, partSize).PartCount,
            $"{layout.PartCount} parts, more than the {new PartLayout(length, partSize).PartCount} of a uniform layout");
    }

    [Theory]
    [InlineData(1024 * MiB, 8 * MiB, 10)]
    [InlineData(256 * MiB, 8 * MiB, 10)]
    [InlineData((100 * MiB) + 12345, 8 * MiB, 10)]
    [InlineData(3000 * MiB, 16 * MiB, 10)]
    [InlineData(1000 * MiB, 16 * MiB, 64)]
    public void StartOf_HeadMayGrow_PartOneIsTheDiscoveryRangeAndPartsCoverTheObject(long length, long partSize, int tailWidth)
    {
        long max = partSize + (partSize / 4);
        var layout = new PartLayout(length, partSize, tailWidth, max);

        Assert.Equal(partSize - 1, layout.EndOf(1));
        long covered = 0;
        for (int part = 1; part <= layout.PartCount; part++)
        {
            Assert.Equal(covered, layout.StartOf(part));
            Assert.InRange(layout.LengthOf(part), 1, Math.Min(layout.HeadPartSize, max));
            covered += layout.LengthOf(part);
        }

        Assert.Equal(length, covered);
    }

    [Fact]
    public void HeadPartSize_TooFewWavesToPayForTheTail_GrowsOnlyToTheCap()
    {
        // 256 MiB: 32 uniform parts cannot hold 20 tail parts and 11 head parts of at most 10 MiB; the head grows to the
        // cap and the layout still saves what it can.
        var layout = new PartLayout(256 * MiB, 8 * MiB, 10, 10 * MiB);

        Assert.Equal(10 * MiB, layout.HeadPartSize);
        Assert.True(layout.PartCount < new PartLayout(256 * MiB, 8 * MiB, 10).PartCount);
    }

    [Fact]
    public void HeadPartSize_WithoutAllowance_IsThePartSize()
    {
        var layout = new PartLayout(1024 * MiB, 8 * MiB, 10);

        Assert.Equal(8 * MiB, layout.HeadPartSize);
        Assert.Equal(8 * MiB, layout.LengthOf(2));
    }

    [Theory]
    [InlineData(5L * MiB)] // an uploader's smaller part 1
    [InlineData(10L * MiB)] // a longer one
    public void StartOf_FirstPartLength_Part1IsItAndTheRestAreContiguousParts(long firstPart)
    {
        var layout = new PartLayout((40 * MiB) + 3, 8 * MiB, tailWidth: 4, maxHeadPartSize: 0, firstPartLength: firstPart);

        Assert.Equal(firstPart, layout.LengthOf(1));
        Assert.Equal(firstPart, layout.StartOf(2));
        for (int part = 2; part <= layout.PartCount; part++)
        {
            Assert.Equal(layout.EndOf(part - 1) + 1, layout.StartOf(part));
            Assert.InRange(layout.LengthOf(part), 1, 8 * MiB);
        }

        Assert.Equal((40 * MiB) + 2, layout.EndOf(layout.PartCount));
    }

    [Fact]
    public void PartCount_ObjectNoLongerThanItsFirstPart_IsOne()
    {
        var layout = new PartLayout(9 * MiB, 8 * MiB, firstPartLength: 9 * MiB);

        Assert.Equal(1, layout.PartCount);
        Assert.Equal(9 * MiB, layout.LengthOf(1));
    }
}
