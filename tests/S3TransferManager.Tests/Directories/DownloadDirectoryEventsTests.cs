using S3TransferManager.Telemetry;
using System.Collections.Concurrent;
using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;
using S3TransferManager.Directories;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Directories;

/// <summary>The directory download's own events around its listing; objects are covered against moto.</summary>
public sealed class DownloadDirectoryEventsTests : IDisposable
{
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-direvents-").FullName;
    private readonly ConcurrentQueue<string> _seen = new();
    private readonly Mock<IAmazonS3> _s3 = new();

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task ExecuteAsync_ListingFails_InitiatedBeforeTheListingAndFailedOnceWithItsError()
    {
        var denied = new AmazonS3Exception("denied", Amazon.Runtime.ErrorType.Sender, "AccessDenied", "req", HttpStatusCode.Forbidden);
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .Returns(() =>
            {
                _seen.Enqueue("list");
                return Task.FromException<ListObjectsV2Response>(denied);
            });
        Exception? reported = null;
        TransferUtilityDownloadDirectoryRequest request = Request();
        request.DownloadDirectoryFailedEvent += (_, e) => reported = e.Exception;

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(request).WaitAsync(s_wait));

        Assert.Same(denied, thrown);
        Assert.Same(denied, reported);
        Assert.Equal(["initiated", "list", "failed -1 files, -1 bytes"], _seen);
    }

    [Fact]
    public async Task ExecuteAsync_EmptyListing_CompletedOnceWithZeroTotals()
    {
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() =>
            {
                _seen.Enqueue("list");
                return new ListObjectsV2Response { S3Objects = [], IsTruncated = false };
            });

        TransferUtilityDownloadDirectoryResponse response = await RunAsync(Request()).WaitAsync(s_wait);

        Assert.Equal(0, response.ObjectsDownloaded);
        Assert.Equal(["initiated", "list", "completed 0 of 0 files, 0 of 0 bytes"], _seen);
    }

    [Fact]
    public async Task ExecuteAsync_FailedHandlerThrows_ThrowsTheListingErrorAndLogsTheHandler()
    {
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(new AmazonS3Exception("denied", Amazon.Runtime.ErrorType.Sender, "AccessDenied", "req", HttpStatusCode.Forbidden));
        var logger = new ListLogger();
        TransferUtilityDownloadDirectoryRequest request = Request();
        request.DownloadDirectoryFailedEvent += (_, _) => throw new InvalidOperationException("handler bug");

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(request, logger).WaitAsync(s_wait));

        Assert.Equal("AccessDenied", thrown.ErrorCode);
        Assert.Contains(logger.Lines, l => l.EventId == LogEvents.FailedHandlerThrew);
    }

    private TransferUtilityDownloadDirectoryRequest Request()
    {
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = "b", S3Directory = "d", LocalDirectory = _folder };
        request.DownloadDirectoryInitiatedEvent += (_, _) => _seen.Enqueue("initiated");
        request.DownloadDirectoryCompletedEvent += (_, e) => _seen.Enqueue(
            $"completed {e.TransferredFiles} of {e.TotalFiles} files, {e.TransferredBytes} of {e.TotalBytes} bytes");
        request.DownloadDirectoryFailedEvent += (_, e) => _seen.Enqueue($"failed {e.TotalFiles} files, {e.TotalBytes} bytes");
        return request;
    }

    private Task<TransferUtilityDownloadDirectoryResponse> RunAsync(TransferUtilityDownloadDirectoryRequest request, ListLogger? logger = null)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2 }.Validated();
        request.Validate();
        return new DownloadDirectoryCommand(new TransferResources(_s3.Object, config, logger ?? new ListLogger()), request)
            .ExecuteAsync(CancellationToken.None);
    }
}
