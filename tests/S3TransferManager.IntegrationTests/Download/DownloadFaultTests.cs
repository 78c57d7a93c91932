using System.Net;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>Faults on a download's parts, against moto through a faulting handler. The downloads open with a range, so
/// they have parts to fault (moto answers part 1 by number with the whole object; <c>LeadFaultTests</c> faults that).</summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadFaultTests(MotoServer moto)
{
    private const int PartSize = 64 * 1024;
    private static readonly TransferUtilityConfig FastRetries = new() { InterruptedBodyRetryDelay = TimeSpan.FromMilliseconds(1) };

    [Fact]
    public async Task DownloadWithResponseAsync_ObjectOverwrittenMidDownload_ThrowsObjectModifiedAndLeavesNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string eTag = await s3.PutAsync("object", TestData.Payload(4 * PartSize));
        string path = s3.PathFor("dest.bin");
        byte[] previous = TestData.Payload(100, seed: 3);
        await File.WriteAllBytesAsync(path, previous);
        int overwritten = 0;
        s3.Handler.FaultRule = r => r.IsGet && r.IfMatch is not null && Interlocked.Exchange(ref overwritten, 1) == 0
            ? new Fault.Before(() => s3.PutAsync("object", TestData.Payload(4 * PartSize, seed: 99)))
            : null;
        using TransferUtility utility = s3.CreateRangedUtility();

        var error = await Assert.ThrowsAsync<ObjectModifiedException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = path, PartSize = PartSize }));

        Assert.Equal(s3.BucketName, error.BucketName);
        Assert.Equal("object", error.Key);
        Assert.Equal(eTag, error.ExpectedETag);
        Assert.Contains(eTag, error.Message, StringComparison.Ordinal);
        Assert.Equal(previous, await File.ReadAllBytesAsync(path));
        Assert.Equal([path], Directory.GetFiles(s3.Folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_IfMatchOfAnOlderVersion_ThrowsObjectModifiedOnTheFirstRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string oldETag = await s3.PutAsync("object", TestData.Payload(1000));
        await s3.PutAsync("object", TestData.Payload(1000, seed: 5));
        using TransferUtility utility = s3.CreateRangedUtility();

        var error = await Assert.ThrowsAsync<ObjectModifiedException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), IfMatch = oldETag }));

        Assert.Equal(oldETag, error.ExpectedETag);
        Assert.Equal(oldETag, Assert.Single(s3.Handler.Gets).IfMatch);
        Assert.Empty(Directory.GetFiles(s3.Folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_BodyResetMidPart_RequestsOnlyTheMissingRangeWithIfMatch()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3 * PartSize);
        string eTag = await s3.PutAsync("object", content);
        string secondPart = $"bytes={PartSize}-{(2 * PartSize) - 1}";
        int faulted = 0;
        s3.Handler.FaultRule = r => r.Range == secondPart && Interlocked.Exchange(ref faulted, 1) == 0 ? new Fault.ResetAfter(1000) : null;
        using TransferUtility utility = s3.CreateRangedUtility(FastRetries);

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = PartSize,
        });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(s3.PathFor("f")));
        RequestRecord resume = Assert.Single(s3.Handler.Requests, r => r.Range == $"bytes={PartSize + 1000}-{(2 * PartSize) - 1}");
        Assert.Equal(eTag, resume.IfMatch);
        Assert.Equal(4, s3.Handler.Gets.Count);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_TruncatedBody_ResumesTheRest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(2 * PartSize);
        await s3.PutAsync("object", content);
        int faulted = 0;
        s3.Handler.FaultRule = r => r.Range == $"bytes=0-{PartSize - 1}" && Interlocked.Exchange(ref faulted, 1) == 0 ? new Fault.TruncateAfter(777) : null;
        using TransferUtility utility = s3.CreateRangedUtility(FastRetries);

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = PartSize,
        });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(s3.PathFor("f")));
        Assert.Contains(s3.Handler.Requests, r => r.Range == $"bytes=777-{PartSize - 1}");
    }

    [Fact]
    public async Task DownloadWithResponseAsync_BodyKeepsBreaking_FailsAfterConfiguredAttemptsAndLeavesNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(3 * PartSize));
        s3.Handler.FaultRule = r => r.Range is { } range && RangeStart(range) >= PartSize && RangeStart(range) < 2 * PartSize
            ? new Fault.ResetAfter(10) : null;
        string path = s3.PathFor("f");
        using TransferUtility utility = s3.CreateRangedUtility(new TransferUtilityConfig { InterruptedBodyRetryAttempts = 2, InterruptedBodyRetryDelay = TimeSpan.Zero });

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = path, PartSize = PartSize }));

        Assert.Equal(2, error.PartNumber);
        Assert.IsType<IOException>(error.InnerException);
        Assert.Equal(3, s3.Handler.Gets.Count(r => RangeStart(r.Range!) is >= PartSize and < 2 * PartSize));
        Assert.Empty(Directory.GetFiles(s3.Folder));
    }

    [Theory]
    [InlineData(HttpStatusCode.ServiceUnavailable, "SlowDown")]
    [InlineData(HttpStatusCode.InternalServerError, "InternalError")]
    public async Task DownloadWithResponseAsync_TransientServerError_IsRetriedAndSucceeds(HttpStatusCode status, string code)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3 * PartSize);
        await s3.PutAsync("object", content);
        int faulted = 0;
        s3.Handler.FaultRule = r => r.IsGet && r.IfMatch is not null && Interlocked.Exchange(ref faulted, 1) == 0 ? new Fault.Status(status, code) : null;
        using TransferUtility utility = s3.CreateRangedUtility();

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = PartSize,
        });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(s3.PathFor("f")));
        Assert.Equal(4, s3.Handler.Gets.Count);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_MissingObject_ThrowsAndLeavesExistingDestination()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("keep.bin");
        await File.WriteAllTextAsync(path, "keep me");
        using TransferUtility utility = s3.CreateRangedUtility();

        var error = await Assert.ThrowsAnyAsync<AmazonS3Exception>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "nope", FilePath = path }));

        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
        Assert.Equal("keep me", await File.ReadAllTextAsync(path));
        Assert.Equal([path], Directory.GetFiles(s3.Folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_CancelledWhileAPartStalls_ThrowsOperationCanceledAndLeavesNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(4 * PartSize));
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        s3.Handler.FaultRule = r => r.IsGet && r.IfMatch is not null ? new Fault.Stall(stalled, never.Task) : null;
        using TransferUtility utility = s3.CreateRangedUtility();
        using var cancellation = new CancellationTokenSource();

        Task download = utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = PartSize,
        }, cancellation.Token);
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => download.WaitAsync(TimeSpan.FromSeconds(30)));
        Assert.Empty(Directory.GetFiles(s3.Folder));
        Assert.Equal(0, await s3.Handler.InFlightAfterUnwindingAsync(TimeSpan.FromSeconds(5)));
    }

    private static long RangeStart(string range) => long.Parse(range["bytes=".Length..range.IndexOf('-')], System.Globalization.CultureInfo.InvariantCulture);
}
