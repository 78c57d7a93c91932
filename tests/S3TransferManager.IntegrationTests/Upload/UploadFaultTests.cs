using System.Net;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(MotoCollection.Name)]
public sealed class UploadFaultTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    private static bool IsUploadPart(RequestRecord r, int partNumber) =>
        r.Method == "PUT" && (r.Uri.Query.Contains($"partNumber={partNumber}&", StringComparison.Ordinal) || r.Uri.Query.EndsWith($"partNumber={partNumber}", StringComparison.Ordinal));

    [Fact]
    public async Task UploadWithResponseAsync_PartFailsForGood_StartsNoNewPartAbortsAndSurfacesThatError()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(40 * MiB));
        s3.Handler.FaultRule = r => IsUploadPart(r, 2) ? new Fault.Status(HttpStatusCode.BadRequest, "InvalidArgument") : null;
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 1 });

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path }));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        Assert.Equal(2, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.Equal(0, UploadAssertions.CountCompletes(s3.Handler));
        await UploadAssertions.AssertAbortedAsync(s3);
        Assert.False(await UploadAssertions.ExistsAsync(s3, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NonSeekablePartFailsWithoutAutoClose_AbortsAndLeavesTheCallersStreamOpen()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var stream = new NonSeekableStream(TestData.Payload(30 * MiB));
        s3.Handler.FaultRule = r => IsUploadPart(r, 3) ? new Fault.Status(HttpStatusCode.BadRequest, "InvalidArgument") : null;
        using TransferUtility utility = s3.CreateUtility();
        var failures = new List<UploadFailedEventArgs>();
        int completed = 0;
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = stream, AutoCloseStream = false };
        request.UploadFailedEvent += (_, e) => failures.Add(e);
        request.UploadCompletedEvent += (_, _) => completed++;

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.UploadWithResponseAsync(request));

        Assert.Equal("InvalidArgument", error.ErrorCode);
        Assert.Same(error, Assert.Single(failures).Exception);
        Assert.Equal(0, completed);
        await UploadAssertions.AssertAbortedAsync(s3);
        Assert.False(stream.IsDisposed);
    }

    [Fact]
    public async Task UploadWithResponseAsync_CancelledWhileAPartStalls_ThrowsOperationCanceledAndAborts()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(20 * MiB));
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        s3.Handler.FaultRule = r => IsUploadPart(r, 2) ? new Fault.Stall(stalled, never.Task) : null;
        using TransferUtility utility = s3.CreateUtility();
        using var cancellation = new CancellationTokenSource();

        Task upload = utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path }, cancellation.Token);
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => upload.WaitAsync(TimeSpan.FromSeconds(30)));
        Assert.Equal(0, await s3.Handler.InFlightAfterUnwindingAsync(TimeSpan.FromSeconds(5)));
        await UploadAssertions.AssertAbortedAsync(s3);
        Assert.False(await UploadAssertions.ExistsAsync(s3, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_CompleteAnswers200WithErrorBody_FailsAndAborts()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(17 * MiB));
        s3.Handler.FaultRule = r => r.Method == "POST" && r.HasQuery("uploadId") ? new Fault.Status(HttpStatusCode.OK, "InternalError") : null;
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path }));

        // AWSSDK.S3 4.0.104.5 itself reads the <Error> in a 200 answer (and retries InternalError); the library's own
        // guard against a Complete answer without an ETag is covered by a unit test.
        Assert.Equal("InternalError", error.ErrorCode);
        Assert.True(UploadAssertions.CountCompletes(s3.Handler) >= 1);
        await UploadAssertions.AssertAbortedAsync(s3);
        Assert.False(await UploadAssertions.ExistsAsync(s3, "k"));
    }

    [Theory]
    [InlineData(HttpStatusCode.ServiceUnavailable, "SlowDown")]
    [InlineData(HttpStatusCode.InternalServerError, "InternalError")]
    public async Task UploadWithResponseAsync_TransientPartError_IsRetriedFromTheBufferedPart(HttpStatusCode status, string code)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(20 * MiB);
        int faulted = 0;
        s3.Handler.FaultRule = r => IsUploadPart(r, 2) && Interlocked.Exchange(ref faulted, 1) == 0 ? new Fault.Status(status, code) : null;
        using TransferUtility utility = s3.CreateUtility();

        await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = new NonSeekableStream(content) });

        Assert.Equal(4, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }
}
