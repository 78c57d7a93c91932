using Amazon.S3.Model;
using Moq;
using S3TransferManager.Tests.Fakes;

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
        var s3 = new FakeDownloadS3(_ => FakeDownloadS3.Partial(_object, 0, PartSize - 1, contentRange: null), _object.Length, PartSize);

        await Assert.ThrowsAsync<UnexpectedResponseException>(() => DownloadAsync(s3));

        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LaterPartWithOtherRange_ThrowsUnexpectedResponseAndLeavesNothing()
    {
        var s3 = new FakeDownloadS3(r => r.ByteRange.Start == 0
            ? FakeDownloadS3.Partial(_object, 0, PartSize - 1)
            : FakeDownloadS3.Partial(_object, 0, PartSize - 1), _object.Length, PartSize);

        var error = await Assert.ThrowsAsync<UnexpectedResponseException>(() => DownloadAsync(s3));

        Assert.Contains("asked for bytes", error.Message, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LaterPartWithAnotherETag_ThrowsObjectModifiedNamingBoth()
    {
        var s3 = new FakeDownloadS3(r => FakeDownloadS3.Partial(_object, r.ByteRange.Start, r.ByteRange.End, r.ByteRange.Start == 0 ? "\"e1\"" : "\"e2\""),
            _object.Length, PartSize);

        var error = await Assert.ThrowsAsync<ObjectModifiedException>(() => DownloadAsync(s3));

        Assert.Equal("\"e1\"", error.ExpectedETag);
        Assert.Equal("\"e2\"", error.ActualETag);
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_PreconditionFailed_ThrowsObjectModified()
    {
        var s3 = new FakeDownloadS3(r => r.ByteRange.Start == 0 ? FakeDownloadS3.Partial(_object, 0, PartSize - 1) : throw FakeDownloadS3.PreconditionFailed(),
            _object.Length, PartSize);

        var error = await Assert.ThrowsAsync<ObjectModifiedException>(() => DownloadAsync(s3));

        Assert.Null(error.ActualETag);
        Assert.IsType<Amazon.S3.AmazonS3Exception>(error.InnerException);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ServerIgnoresRange_DownloadsTheWholeBodyAsOnePart()
    {
        // Part 1 by number refused (as OpenStack Swift's s3api refuses it), and the range asked instead answered whole.
        var s3 = new FakeDownloadS3(r => r.PartNumber is null ? FakeDownloadS3.Whole(_object) : throw MethodNotAllowed(), _object.Length);
        string path = Path.Combine(_folder, "f");

        TransferUtilityDownloadResponse response = await DownloadAsync(s3, path);

        Assert.Equal(_object, await File.ReadAllBytesAsync(path));
        Assert.Equal(_object.Length, response.ContentLength);
        Assert.Equal([1, null], s3.Requests.Select(r => r.PartNumber));
        Assert.NotNull(s3.Requests[1].ByteRange);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_Part1AnsweredWithTheWholeObject_ReadsItOnInOneRequest()
    {
        // A server that serves no parts by number answers part 1 with the whole object, as moto does.
        var s3 = new FakeDownloadS3(_ => FakeDownloadS3.Whole(_object, "\"e1-4\""), _object.Length);
        string path = Path.Combine(_folder, "f");

        TransferUtilityDownloadResponse response = await DownloadAsync(s3, path);

        Assert.Equal(_object, await File.ReadAllBytesAsync(path));
        Assert.Equal(_object.Length, response.ContentLength);
        Assert.Equal(1, Assert.Single(s3.Requests).PartNumber);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_Part1RefusedOnce_LaterDownloadsOfTheUtilityOpenWithARange()
    {
        var s3 = new FakeDownloadS3(r => r.PartNumber is null ? FakeDownloadS3.Partial(_object, r.ByteRange.Start, r.ByteRange.End) : throw MethodNotAllowed(),
            _object.Length);
        using var utility = new TransferUtility(s3.Mock.Object);

        for (int i = 0; i < 2; i++)
        {
            await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
            {
                BucketName = "b", Key = "k", FilePath = Path.Combine(_folder, $"f{i}"), PartSize = PartSize,
            });
        }

        Assert.Equal(1, s3.Requests.Count(r => r.PartNumber is not null));
        Assert.Equal(_object, await File.ReadAllBytesAsync(Path.Combine(_folder, "f1")));
    }

    private static Amazon.S3.AmazonS3Exception MethodNotAllowed() =>
        new("The specified method is not allowed against this resource.", Amazon.Runtime.ErrorType.Sender, "MethodNotAllowed", "req",
            System.Net.HttpStatusCode.MethodNotAllowed);

    [Fact]
    public async Task DownloadWithResponseAsync_InvalidRange_FollowsWithOnePlainGet()
    {
        // A server that answers part 1 of an empty object with 416, as it answers a range of it (S3 answers it whole).
        var s3 = new FakeDownloadS3(r => r.ByteRange is null && r.PartNumber is null ? FakeDownloadS3.Whole([]) : throw FakeDownloadS3.InvalidRange(), 0);
        string path = Path.Combine(_folder, "empty");

        TransferUtilityDownloadResponse response = await DownloadAsync(s3, path);

        Assert.Equal(0, response.ContentLength);
        Assert.Equal(2, s3.Requests.Count);
        Assert.Null(s3.Requests[1].ByteRange);
        Assert.Null(s3.Requests[1].PartNumber);
        Assert.Empty(await File.ReadAllBytesAsync(path));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_EmptyObjectsPart1AnsweredWhole_TakesOneRequest()
    {
        var s3 = new FakeDownloadS3(r => r.ByteRange is null ? FakeDownloadS3.Whole([]) : throw FakeDownloadS3.InvalidRange(), 0);
        string path = Path.Combine(_folder, "empty");

        TransferUtilityDownloadResponse response = await DownloadAsync(s3, path);

        Assert.Equal(0, response.ContentLength);
        Assert.Equal(1, Assert.Single(s3.Requests).PartNumber);
        Assert.Empty(await File.ReadAllBytesAsync(path));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LaterParts_CarryIfMatchAndTheirRanges()
    {
        var s3 = new FakeDownloadS3(r => FakeDownloadS3.Partial(_object, r.ByteRange.Start, r.ByteRange.End), _object.Length, PartSize);
        string path = Path.Combine(_folder, "f");

        await DownloadAsync(s3, path);

        Assert.Equal(_object, await File.ReadAllBytesAsync(path));
        Assert.Equal(4, s3.Requests.Count);
        Assert.Equal(1, s3.Requests[0].PartNumber);
        Assert.Null(s3.Requests[0].EtagToMatch);
        Assert.All(s3.Requests.Skip(1), r => Assert.Equal("\"e1\"", r.EtagToMatch));
        Assert.Equal([PartSize, 2L * PartSize, 3L * PartSize], s3.Requests.Skip(1).Select(r => r.ByteRange.Start).Order());
        Assert.Contains(s3.Requests, r => r.ByteRange.Start == 3L * PartSize && r.ByteRange.End == _object.Length - 1);
    }

    private async Task<TransferUtilityDownloadResponse> DownloadAsync(FakeDownloadS3 s3, string? path = null)
    {
        using var utility = new TransferUtility(s3.Mock.Object);
        return await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = "b", Key = "k", FilePath = path ?? Path.Combine(_folder, "f"), PartSize = PartSize,
        });
    }
}
