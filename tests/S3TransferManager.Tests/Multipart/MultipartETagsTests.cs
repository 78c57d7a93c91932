using S3TransferManager.Multipart;

namespace S3TransferManager.Tests.Multipart;

/// <summary>The ETag an object completed from known parts gets: the MD5 of the parts' binary MD5s, a dash, their count
/// (the expected value computed apart, with Python's hashlib).</summary>
public sealed class MultipartETagsTests
{
    // MD5("") and MD5("The quick brown fox jumps over the lazy dog").
    private const string EmptyMd5 = "d41d8cd98f00b204e9800998ecf8427e";
    private const string FoxMd5 = "9e107d9d372bb6826bd81d3542a419d6";

    [Fact]
    public void Of_TwoMd5Parts_IsTheMd5OfTheirBytesAndTheirCount() =>
        Assert.Equal("e38697a311ab1943a43724b2ac063dfb-2", MultipartETags.Of([EmptyMd5, $"\"{FoxMd5}\""]));

    [Theory]
    [InlineData("d41d8cd98f00b204e9800998ecf8427")] // 31 digits
    [InlineData("d41d8cd98f00b204e9800998ecf8427e-2")] // a multipart ETag, not a part's MD5
    [InlineData("z41d8cd98f00b204e9800998ecf8427e")] // not hex
    public void Of_APartETagThatIsNotAnMd5_ConcludesNothing(string odd) =>
        Assert.Null(MultipartETags.Of([FoxMd5, odd]));

    [Theory]
    [InlineData("\"0123abcd-12\"", 12)]
    [InlineData("0123abcd-3", 3)]
    [InlineData("\"0123abcd\"", null)]
    [InlineData(null, null)]
    public void PartCount_ReadsTheMultipartEtagSuffix(string? eTag, int? expected) =>
        Assert.Equal(expected, MultipartETags.PartCount(eTag));
}
