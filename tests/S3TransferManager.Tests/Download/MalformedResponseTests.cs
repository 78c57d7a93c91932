using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Download;

public sealed class MalformedResponseTests : IDisposable
{
    private const int PartSize = 64 * 1024;   // the smallest part a download accepts
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-unit-").FullName;
    private readonly byte[] _object = Enumerable.Range(0, (3 * PartSize) + (PartSize / 2)).Select(i => (byte)i).ToArray();

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task DownloadWithResponseAsync_FirstAnswerWithoutContentRange_ThrowsUnexpectedResponse()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(_ => FakeS3.Partial(_object, 0, PartSize - 1, contentRange: null), requests);

        await Assert.ThrowsAsync<UnexpectedResponseException>(() => DownloadAsync(s3));

        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LaterPartWithOtherRange_ThrowsUnexpectedResponseAndLeavesNothing()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(r => r.ByteRange.Start == 0
            ? FakeS3.Partial(_object, 0, PartSize - 1)
            : FakeS3.Partial(_object, 0, PartSize - 1), requests);

        var error = await Assert.ThrowsAsync<UnexpectedResponseException>(() => DownloadAsync(s3));

        Assert.Contains("asked for bytes", error.Message, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LaterPartWithAnotherETag_ThrowsObjectModifiedNamingBoth()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(r => FakeS3.Partial(_object, r.ByteRange.Start, r.ByteRange.End, r.ByteRange.Start == 0 ? "\"e1\"" : "\"e2\""), requests);

        var error = await Assert.ThrowsAsync<ObjectModifiedException>(() => DownloadAsync(s3));

        Assert.Equal("\"e1\"", error.ExpectedETag);
        Assert.Equal("\"e2\"", error.ActualETag);
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_PreconditionFailed_ThrowsObjectModified()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(r => r.ByteRange.Start == 0 ? FakeS3.Partial(_object, 0, PartSize - 1) : throw FakeS3.PreconditionFailed(), requests);

        var error = await Assert.ThrowsAsync<ObjectModifiedException>(() => DownloadAsync(s3));

        Assert.Null(error.ActualETag);
        Assert.IsType<Amazon.S3.AmazonS3Exception>(error.InnerException);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ServerIgnoresRange_DownloadsTheWholeBodyAsOnePart()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(_ => FakeS3.Whole(_object), requests);
        string path = Path.Combine(_folder, "f");

        TransferUtilityDownloadResponse response = await DownloadAsync(s3, path);

        Assert.Equal(_object, await File.ReadAllBytesAsync(path));
        Assert.Equal(_object.Length, response.ContentLength);
        Assert.Single(requests);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_InvalidRange_FollowsWithOnePlainGet()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(r => r.ByteRange is null ? FakeS3.Whole([]) : throw FakeS3.InvalidRange(), requests);
        string path = Path.Combine(_folder, "empty");

        TransferUtilityDownloadResponse response = await DownloadAsync(s3, path);

        Assert.Equal(0, response.ContentLength);
        Assert.Equal(2, requests.Count);
        Assert.Null(requests[1].ByteRange);
        Assert.Empty(await File.ReadAllBytesAsync(path));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LaterParts_CarryIfMatchAndTheirRanges()
    {
        var requests = new List<GetObjectRequest>();
        var s3 = FakeS3.Answering(r => FakeS3.Partial(_object, r.ByteRange.Start, r.ByteRange.End), requests);
        string path = Path.Combine(_folder, "f");

        await DownloadAsync(s3, path);

        Assert.Equal(_object, await File.ReadAllBytesAsync(path));
        Assert.Equal(4, requests.Count);
        Assert.Null(requests[0].EtagToMatch);
        Assert.All(requests.Skip(1), r => Assert.Equal("\"e1\"", r.EtagToMatch));
        Assert.Equal([PartSize, 2L * PartSize, 3L * PartSize], requests.Skip(1).Select(r => r.ByteRange.Start).Order());
        Assert.Contains(requests, r => r.ByteRange.Start == 3L * PartSize && r.ByteRange.End == _object.Length - 1);
    }

    private async Task<TransferUtilityDownloadResponse> DownloadAsync(Mock<Amazon.S3.IAmazonS3> s3, string? path = null)
    {
        using var utility = new TransferUtility(s3.Object);
        return await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = "b", Key = "k", FilePath = path ?? Path.Combine(_folder, "f"), PartSize = PartSize,
        });
    }
}
