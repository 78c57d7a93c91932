using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Sync;

/// <summary>
/// Deletes of objects under <c>Delete</c> against a mocked client: sent as DeleteObjects batches of at most 1,000 keys,
/// and a key S3 reports it could not delete is a failed entry of its own (the AWS SDK throws
/// <see cref="DeleteObjectsException"/> with the response when any key failed, as these fakes do), and one DeleteObject
/// per key to a server that answers DeleteObjects with <c>NotImplemented</c> (Google Cloud Storage's XML API).
/// </summary>
public sealed class SyncDeleteBatchTests : IDisposable
{
    private readonly string _root = Path.Combine(Path.GetTempPath(), "delete-batch-" + Guid.NewGuid().ToString("N"));
    private readonly Mock<IAmazonS3> _s3 = new();
    private readonly List<DeleteObjectsRequest> _batches = [];
    private readonly List<SyncObjectEventArgs> _done = [];
    private readonly List<SyncObjectEventArgs> _failed = [];

    public SyncDeleteBatchTests() => Directory.CreateDirectory(_root);

    [Fact]
    public async Task Sync_2500ObjectsMissingAtSource_ThreeQuietBatchesOfAtMost1000Keys()
    {
        Listing(2500);
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((DeleteObjectsRequest r, CancellationToken _) => Recorded(r, new DeleteObjectsResponse()));

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.AbortOnFailure);

        Assert.Equal([1000, 1000, 500], _batches.Select(b => b.Objects.Count).Order().Reverse());
        Assert.All(_batches, b => Assert.True(b.Quiet));
        Assert.Equal(Keys(2500), _batches.SelectMany(b => b.Objects).Select(o => o.Key).Order(StringComparer.Ordinal));
        Assert.Equal((2500L, 0L, 2500), (response.ObjectsDeleted, response.ObjectsFailed, _done.Count));
        _s3.Verify(s => s.DeleteObjectAsync(It.IsAny<DeleteObjectRequest>(), It.IsAny<CancellationToken>()), Times.Never);
    }

    [Fact]
    public async Task Sync_TwoKeysOfABatchDenied_TwoFailedEntriesTheRestDeleted()
    {
        Listing(10);
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((DeleteObjectsRequest r, CancellationToken _) => throw new DeleteObjectsException(Recorded(r, new DeleteObjectsResponse
            {
                DeleteErrors = [Denied("p/k0003"), Denied("p/k0007")],
            })));

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.ContinueOnFailure);

        Assert.Equal((8L, 2L), (response.ObjectsDeleted, response.ObjectsFailed));
        Assert.Equal(["s3://b/p/k0003", "s3://b/p/k0007"], _failed.Select(e => e.Destination).Order(StringComparer.Ordinal));
        Assert.All(response.Errors, e => Assert.Equal("AccessDenied", Assert.IsType<AmazonS3Exception>(e).ErrorCode));
        Assert.DoesNotContain(_done, e => e.Destination is "s3://b/p/k0003" or "s3://b/p/k0007");
        Assert.Equal(DirectoryResult.PartialSuccess, response.Result);
    }

    [Fact]
    public async Task Sync_KeyDeniedUnderAbortOnFailure_ThrowsThatKeysError()
    {
        Listing(10);
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((DeleteObjectsRequest r, CancellationToken _) => throw new DeleteObjectsException(Recorded(r, new DeleteObjectsResponse
            {
                DeleteErrors = [Denied("p/k0005")],
            })));

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => SyncAsync(FailurePolicy.AbortOnFailure));

        Assert.Contains("s3://b/p/k0005", error.Message, StringComparison.Ordinal);
        Assert.Equal("s3://b/p/k0005", Assert.Single(_failed).Destination);
    }

    [Fact]
    public async Task Sync_BatchRequestFails_EveryKeyInItFailed()
    {
        Listing(3);
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(new AmazonS3Exception("Access Denied") { ErrorCode = "AccessDenied" });

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.ContinueOnFailure);

        Assert.Equal((0L, 3L, 3), (response.ObjectsDeleted, response.ObjectsFailed, _failed.Count));
        Assert.Equal(DirectoryResult.Failure, response.Result);
    }

    [Theory]
    [InlineData("NotImplemented", "A header or query you provided requested a function that is not implemented.")] // GCS XML API
    [InlineData("InvalidRequest", "Missing required header for this request: Content-MD5")] // Swift s3api 2.30
    public async Task Sync_ServerThatRefusesDeleteObjects_EachKeyDeletedOnceWithARequestOfItsOwn(string code, string message)
    {
        Listing(2500);
        int batchesTried = 0;
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .Callback(() => Interlocked.Increment(ref batchesTried))
            .ThrowsAsync(new AmazonS3Exception(message) { ErrorCode = code, StatusCode = System.Net.HttpStatusCode.BadRequest });
        var deleted = new System.Collections.Concurrent.ConcurrentBag<string>();
        _s3.Setup(s => s.DeleteObjectAsync(It.IsAny<DeleteObjectRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((DeleteObjectRequest r, CancellationToken _) =>
            {
                deleted.Add(r.Key);
                return new DeleteObjectResponse();
            });

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.AbortOnFailure);

        Assert.Equal(Keys(2500), deleted.Order(StringComparer.Ordinal));
        Assert.Equal((2500L, 0L, 2500), (response.ObjectsDeleted, response.ObjectsFailed, _done.Count));
        Assert.InRange(batchesTried, 1, 3);
    }

    [Fact]
    public async Task Sync_DeleteObjectsRefusedAsAnotherInvalidRequest_EveryKeyInItFailedAndNoneDeletedOneByOne()
    {
        Listing(3);
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(new AmazonS3Exception("Bucket is missing Object Lock Configuration")
            {
                ErrorCode = "InvalidRequest", StatusCode = System.Net.HttpStatusCode.BadRequest,
            });

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.ContinueOnFailure);

        Assert.Equal((0L, 3L), (response.ObjectsDeleted, response.ObjectsFailed));
        _s3.Verify(s => s.DeleteObjectAsync(It.IsAny<DeleteObjectRequest>(), It.IsAny<CancellationToken>()), Times.Never);
    }

    [Fact]
    public async Task Sync_ServerWithoutDeleteObjectsDeniesOneKey_ThatKeyFailedTheRestDeleted()
    {
        Listing(10);
        _s3.Setup(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(new AmazonS3Exception("not implemented") { ErrorCode = "NotImplemented" });
        _s3.Setup(s => s.DeleteObjectAsync(It.IsAny<DeleteObjectRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((DeleteObjectRequest r, CancellationToken _) => r.Key == "p/k0004"
                ? throw new AmazonS3Exception("Access Denied") { ErrorCode = "AccessDenied" }
                : new DeleteObjectResponse());

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.ContinueOnFailure);

        Assert.Equal((9L, 1L), (response.ObjectsDeleted, response.ObjectsFailed));
        Assert.Equal("s3://b/p/k0004", Assert.Single(_failed).Destination);
        Assert.Equal("AccessDenied", Assert.IsType<AmazonS3Exception>(Assert.Single(response.Errors)).ErrorCode);
        Assert.Equal(DirectoryResult.PartialSuccess, response.Result);
    }

    [Fact]
    public async Task Sync_DryRun_ReportsEveryDeleteAndSendsNone()
    {
        Listing(1200);

        TransferUtilitySyncResponse response = await SyncAsync(FailurePolicy.AbortOnFailure, dryRun: true);

        Assert.Equal((1200L, 1200), (response.ObjectsDeleted, _done.Count));
        Assert.All(_done, e => Assert.True(e.DryRun));
        _s3.Verify(s => s.DeleteObjectsAsync(It.IsAny<DeleteObjectsRequest>(), It.IsAny<CancellationToken>()), Times.Never);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private static string[] Keys(int count) => [.. Enumerable.Range(0, count).Select(i => $"p/k{i:D4}")];

    private static DeleteError Denied(string key) => new() { Key = key, Code = "AccessDenied", Message = "Access Denied" };

    private DeleteObjectsResponse Recorded(DeleteObjectsRequest request, DeleteObjectsResponse response)
    {
        lock (_batches)
        {
            _batches.Add(request);
        }

        return response;
    }

    private void Listing(int count) =>
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new ListObjectsV2Response
            {
                S3Objects = [.. Keys(count).Select(k => new S3Object { Key = k, Size = 1, ETag = "\"e\"", LastModified = DateTime.UtcNow })],
                IsTruncated = false,
            });

    private async Task<TransferUtilitySyncResponse> SyncAsync(FailurePolicy policy, bool dryRun = false)
    {
        var request = new TransferUtilitySyncRequest
        {
            SourceDirectory = _root, DestinationBucket = "b", DestinationPrefix = "p", Delete = true, DryRun = dryRun, FailurePolicy = policy,
        };
        request.SyncObjectEvent += (_, e) => { lock (_done) { _done.Add(e); } };
        request.SyncObjectFailedEvent += (_, e) => { lock (_failed) { _failed.Add(e); } };
        using var utility = new TransferUtility(_s3.Object);
        return await utility.SyncWithResponseAsync(request);
    }
}
