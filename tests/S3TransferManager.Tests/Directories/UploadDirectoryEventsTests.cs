using S3TransferManager.Telemetry;
using System.Collections.Concurrent;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;
using S3TransferManager.Directories;
using S3TransferManager.Tests.Upload;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Directories;

/// <summary>The directory upload's own events: each once, at its moment, whatever the files do.</summary>
public sealed class UploadDirectoryEventsTests : IDisposable
{
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-direvents-").FullName;
    private readonly ConcurrentQueue<string> _seen = new();
    private readonly ListLogger _logger = new();

    public UploadDirectoryEventsTests()
    {
        for (int i = 0; i < 6; i++)
        {
            File.WriteAllBytes(Path.Combine(_folder, $"f{i}.bin"), new byte[10 + i]);
        }
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task ExecuteAsync_AllFilesUpload_InitiatedFirstAndCompletedLastOnce()
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3);

        await RunAsync(s3, Request()).WaitAsync(s_wait);

        string[] seen = [.. _seen];
        Assert.Equal("initiated 6 files 75 bytes", seen[0]);
        Assert.Equal("completed 6/0 files 6 of 6, bytes 75 of 75", seen[^1]);
        Assert.Equal(6, seen.Count(e => e.StartsWith("put", StringComparison.Ordinal)));
        Assert.Equal(8, seen.Length);
    }

    [Fact]
    public async Task ExecuteAsync_ContinueOnFailureWithAFailure_CompletedOnceWithTheFailureInTheResponse()
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3, failKey: "f2.bin");
        TransferUtilityUploadDirectoryRequest request = Request();
        request.FailurePolicy = FailurePolicy.ContinueOnFailure;

        TransferUtilityUploadDirectoryResponse response = await RunAsync(s3, request).WaitAsync(s_wait);

        Assert.Equal(1, response.ObjectsFailed);
        Assert.Equal("completed 5/1 files 5 of 6, bytes 63 of 75", _seen.Last());
        Assert.DoesNotContain(_seen, e => e.StartsWith("failed", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_AbortOnFailure_FailedOnceLastWithTheThrownError()
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3, failKey: "f2.bin");
        Exception? reported = null;
        TransferUtilityUploadDirectoryRequest request = Request();
        request.UploadDirectoryFailedEvent += (_, e) => reported = e.Exception;

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(s3, request).WaitAsync(s_wait));

        Assert.Same(thrown, reported);
        Assert.StartsWith("failed", _seen.Last(), StringComparison.Ordinal);
        Assert.Single(_seen, e => e.StartsWith("failed", StringComparison.Ordinal));
        Assert.DoesNotContain(_seen, e => e.StartsWith("completed", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_Cancelled_FailedOnceWithTheCancellation()
    {
        var s3 = new FakeUploadS3();
        using var cancellation = new CancellationTokenSource();
        TransferUtilityUploadDirectoryRequest request = Request();
        request.UploadDirectoryFileRequestEvent += (_, _) => cancellation.Cancel();
        Exception? reported = null;
        request.UploadDirectoryFailedEvent += (_, e) => reported = e.Exception;

        Exception thrown = await Assert.ThrowsAnyAsync<OperationCanceledException>(
            () => RunAsync(s3, request, cancellation.Token).WaitAsync(s_wait));

        Assert.Same(thrown, reported);
        Assert.Single(_seen, e => e.StartsWith("failed", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_FailedHandlerThrows_ThrowsTheUploadsErrorAndLogsTheHandler()
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3, failKey: "f2.bin");
        TransferUtilityUploadDirectoryRequest request = Request();
        request.UploadDirectoryFailedEvent += (_, _) => throw new InvalidOperationException("handler bug");

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(() => RunAsync(s3, request).WaitAsync(s_wait));

        Assert.Equal("InvalidArgument", thrown.ErrorCode);
        Assert.Contains(_logger.Lines, l => l.EventId == LogEvents.FailedHandlerThrew && l.Message.Contains(nameof(request.UploadDirectoryFailedEvent), StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_CompletedHandlerThrows_ThrowsTheHandlersErrorAfterEveryFileUploaded()
    {
        var s3 = new FakeUploadS3();
        TransferUtilityUploadDirectoryRequest request = Request();
        request.UploadDirectoryCompletedEvent += (_, _) => throw new InvalidOperationException("handler bug");

        await Assert.ThrowsAsync<InvalidOperationException>(() => RunAsync(s3, request).WaitAsync(s_wait));

        Assert.Equal(6, s3.PutBodies.Count);
        Assert.DoesNotContain(_seen, e => e.StartsWith("failed", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_InitiatedHandlerThrows_ThrowsItsErrorAndSendsNothing()
    {
        var s3 = new FakeUploadS3();
        TransferUtilityUploadDirectoryRequest request = Request();
        request.UploadDirectoryInitiatedEvent += (_, _) => throw new InvalidOperationException("handler bug");

        await Assert.ThrowsAsync<InvalidOperationException>(() => RunAsync(s3, request).WaitAsync(s_wait));

        Assert.Empty(s3.PutBodies);
    }

    [Fact]
    public async Task ExecuteAsync_ObjectFailedHandlerThrows_TheResponseKeepsTheFilesOwnError()
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3, failKey: "f2.bin");
        TransferUtilityUploadDirectoryRequest request = Request();
        request.FailurePolicy = FailurePolicy.ContinueOnFailure;
        request.ObjectUploadFailedEvent += (_, _) => throw new InvalidOperationException("handler bug");

        TransferUtilityUploadDirectoryResponse response = await RunAsync(s3, request).WaitAsync(s_wait);

        Assert.IsType<AmazonS3Exception>(Assert.Single(response.Errors));
        Assert.Contains(_logger.Lines, l => l.EventId == LogEvents.FailedHandlerThrew && l.Message.Contains(nameof(request.ObjectUploadFailedEvent), StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_ProgressHandlerThrowsForOneFile_ThatFileFailsAndIsNotCountedAsTransferred()
    {
        var s3 = new FakeUploadS3();
        TransferUtilityUploadDirectoryRequest request = Request();
        request.FailurePolicy = FailurePolicy.ContinueOnFailure;
        request.UploadDirectoryProgressEvent += (_, e) =>
        {
            if (e.CurrentFile!.EndsWith("f2.bin", StringComparison.Ordinal))
            {
                throw new InvalidOperationException("handler bug");
            }
        };

        TransferUtilityUploadDirectoryResponse response = await RunAsync(s3, request).WaitAsync(s_wait);

        Assert.IsType<InvalidOperationException>(Assert.Single(response.Errors));
        Assert.Equal("completed 5/1 files 5 of 6, bytes 63 of 75", _seen.Last());
    }

    [Theory]
    [InlineData(false, 100, false)]
    [InlineData(null, 5, false)]
    [InlineData(null, 6, true)]
    [InlineData(true, 5, true)]
    public async Task ExecuteAsync_CountFilesFirst_InitiatedCarriesTheTotalsOnlyWhenCounted(bool? countFilesFirst, long countLimit, bool counted)
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3);
        TransferUtilityUploadDirectoryRequest request = Request();
        request.CountFilesFirst = countFilesFirst;

        await RunAsync(s3, request, countLimit: countLimit).WaitAsync(s_wait);

        Assert.Equal(counted ? "initiated 6 files 75 bytes" : "initiated -1 files -1 bytes", _seen.First());
        Assert.Equal("completed 6/0 files 6 of 6, bytes 75 of 75", _seen.Last());
    }

    [Fact]
    public async Task ExecuteAsync_UploadFilesConcurrently_ProgressNamesNoFileAsTheSdkReportsConcurrentUploads()
    {
        var s3 = new FakeUploadS3();
        RecordPuts(s3);
        TransferUtilityUploadDirectoryRequest request = Request();
        request.UploadFilesConcurrently = true;
        var events = new ConcurrentBag<UploadDirectoryProgressArgs>();
        request.UploadDirectoryProgressEvent += (_, e) => events.Add(e);

        await RunAsync(s3, request).WaitAsync(s_wait);

        Assert.Equal(6, events.Max(e => e.NumberOfFilesUploaded));
        Assert.All(events, e => Assert.Equal((null, 0L, 0L), (e.CurrentFile, e.TransferredBytesForCurrentFile, e.TotalNumberOfBytesForCurrentFile)));
    }

    private TransferUtilityUploadDirectoryRequest Request()
    {
        var request = new TransferUtilityUploadDirectoryRequest { BucketName = "b", Directory = _folder };
        request.UploadDirectoryInitiatedEvent += (_, e) => _seen.Enqueue($"initiated {e.TotalFiles} files {e.TotalBytes} bytes");
        request.UploadDirectoryCompletedEvent += (_, e) => _seen.Enqueue(
            $"completed {e.Response.ObjectsUploaded}/{e.Response.ObjectsFailed} files {e.TransferredFiles} of {e.TotalFiles}, bytes {e.TransferredBytes} of {e.TotalBytes}");
        request.UploadDirectoryFailedEvent += (_, e) => _seen.Enqueue($"failed {e.Exception.GetType().Name}");
        return request;
    }

    private void RecordPuts(FakeUploadS3 s3, string? failKey = null) =>
        s3.Mock.Setup(s => s.PutObjectAsync(It.IsAny<PutObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (PutObjectRequest r, CancellationToken token) =>
            {
                _seen.Enqueue("put " + r.Key);
                if (r.Key == failKey)
                {
                    throw FakeUploadS3.NonRetryable();
                }

                await r.InputStream.CopyToAsync(Stream.Null, token);
                s3.PutBodies.Enqueue([]);
                return new PutObjectResponse { ETag = "\"put\"" };
            });

    private Task<TransferUtilityUploadDirectoryResponse> RunAsync(FakeUploadS3 s3, TransferUtilityUploadDirectoryRequest request,
        CancellationToken cancellationToken = default, long countLimit = FileCount.DefaultLimit)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2 }.Validated();
        request.Validate();
        return new UploadDirectoryCommand(new TransferResources(s3.Mock.Object, config, _logger), request, countLimit).ExecuteAsync(cancellationToken);
    }
}
