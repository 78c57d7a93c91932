using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

public sealed class ContentRangeTests
{
    [Theory]
    [InlineData("bytes 0-99/1000", 0, 99, 1000)]
    [InlineData("bytes 5-5/6", 5, 5, 6)]
    [InlineData("BYTES 10-19/20", 10, 19, 20)]
    [InlineData("bytes 0-5368709119/5497558138880", 0, 5368709119, 5497558138880)]
    public void TryParse_SatisfiedRange_ReturnsItsParts(string header, long start, long end, long total)
    {
        Assert.True(ContentRange.TryParse(header, out ContentRange range));
        Assert.Equal(new ContentRange(start, end, total), range);
        Assert.Equal(end - start + 1, range.Length);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("bytes */1000")]
    [InlineData("bytes 0-99/*")]
    [InlineData("items 0-99/1000")]
    [InlineData("bytes 99-0/1000")]
    [InlineData("bytes 0-1000/1000")]
    [InlineData("bytes -1-5/10")]
    [InlineData("bytes 0-x/10")]
    public void TryParse_UnusableHeader_ReturnsFalse(string? header)
    {
        Assert.False(ContentRange.TryParse(header, out _));
    }

    [Theory]
    [InlineData("bytes 0--1/0", true)] // moto's answer to part 1 of an empty object
    [InlineData("bytes 0-0/0", true)] // s3rver's answer to a range of one
    [InlineData("bytes */0", true)]
    [InlineData("bytes 0-0/1", false)]
    [InlineData("bytes 0-9/10", false)]
    [InlineData(null, false)]
    [InlineData("items 0-0/0", false)]
    public void NamesEmptyObject_TotalOfZero_SaysTheObjectIsEmpty(string? header, bool empty)
    {
        Assert.Equal(empty, ContentRange.NamesEmptyObject(header));
    }
}
