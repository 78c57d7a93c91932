using S3TransferManager.Resume;

namespace S3TransferManager.Tests.Resume;

/// <summary>The ETag an object completed from known parts gets: the MD5 of the parts' binary MD5s, a dash, their count
/// (the expected value computed apart, with Python's hashlib).</summary>
public sealed class CompletedUploadCheckTests
{
    // MD5("") and MD5("The quick brown fox jumps over the lazy dog").
    private const string EmptyMd5 = "d41d8cd98f00b204e9800998ecf8427e";
    private const string FoxMd5 = "9e107d9d372bb6826bd81d3542a419d6";

    [Fact]
    public void MultipartETag_TwoMd5Parts_IsTheMd5OfTheirBytesAndTheirCount() =>
        Assert.Equal("e38697a311ab1943a43724b2ac063dfb-2", CompletedUploadCheck.MultipartETag([EmptyMd5, $"\"{FoxMd5}\""]));

    [Theory]
    [InlineData("d41d8cd98f00b204e9800998ecf8427")] // 31 digits
    [InlineData("d41d8cd98f00b204e9800998ecf8427e-2")] // a multipart ETag, not a part's MD5
    [InlineData("z41d8cd98f00b204e9800998ecf8427e")] // not hex
    public void MultipartETag_APartETagThatIsNotAnMd5_ConcludesNothing(string odd) =>
        Assert.Null(CompletedUploadCheck.MultipartETag([FoxMd5, odd]));
}
