using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

[Collection(MotoCollection.Name)]
public sealed class DownloadEventsTests(MotoServer moto)
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData((5 * 64 * 1024) + 3)]
    public async Task DownloadWithResponseAsync_Progress_IsMonotonicAndEndsAtContentLength(int size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(size));
        var events = new List<TransferProgressArgs>();
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = 64 * 1024 };
        request.WriteObjectProgressEvent += (_, e) => events.Add(e);
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(request);

        Assert.NotEmpty(events);
        for (int i = 1; i < events.Count; i++)
        {
            Assert.True(events[i].TransferredBytes >= events[i - 1].TransferredBytes, "progress went backwards");
            Assert.Equal(events[i].TransferredBytes - events[i - 1].TransferredBytes, events[i].IncrementTransferred);
        }

        Assert.Equal(size, events[^1].TransferredBytes);
        Assert.All(events, e => Assert.Equal(size, e.TotalBytes));
        Assert.Equal(100, events[^1].PercentDone);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_40MiB_RaisesAtMostOneEventPerPercentPlusTheFinalOne()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        const int size = 40 * 1024 * 1024;   // 640 buffers of 64 KiB: one event each before the throttle
        await s3.PutAsync("object", TestData.Bytes(size));
        var events = new List<TransferProgressArgs>();
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f") };
        request.WriteObjectProgressEvent += (_, e) => events.Add(e);
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(request);

        Assert.InRange(events.Count, 1, 101);
        Assert.Equal(size, events[^1].TransferredBytes);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_Success_RaisesInitiatedAndCompletedOnce()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(300_000));
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = 64 * 1024 };
        var log = new List<string>();
        request.DownloadInitiatedEvent += (_, _) => log.Add("initiated");
        request.DownloadCompletedEvent += (_, e) => log.Add($"completed {e.Response.ContentLength} {File.Exists(e.Request.FilePath)}");
        request.DownloadFailedEvent += (_, _) => log.Add("failed");
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(request);

        Assert.Equal(["initiated", "completed 300000 True"], log);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_Failure_RaisesInitiatedAndFailedOnce()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "missing", FilePath = s3.PathFor("f") };
        var log = new List<string>();
        request.DownloadInitiatedEvent += (_, _) => log.Add("initiated");
        request.DownloadCompletedEvent += (_, _) => log.Add("completed");
        request.DownloadFailedEvent += (_, e) => log.Add($"failed {e.Exception.GetType().Name}");
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAnyAsync<Amazon.S3.AmazonS3Exception>(() => utility.DownloadWithResponseAsync(request));

        Assert.Equal(["initiated", "failed NoSuchKeyException"], log);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_FailedEventHandlerThrows_TheDownloadsOwnErrorIsThrown()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "missing", FilePath = s3.PathFor("f") };
        request.DownloadFailedEvent += (_, _) => throw new InvalidOperationException("a broken handler");
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAnyAsync<Amazon.S3.AmazonS3Exception>(() => utility.DownloadWithResponseAsync(request));

        Assert.Equal(System.Net.HttpStatusCode.NotFound, error.StatusCode);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_FailsBeforeAnyResponse_FailedEventTotalBytesIsMinusOne()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "missing", FilePath = s3.PathFor("f") };
        long? totalBytes = null;
        request.DownloadFailedEvent += (_, e) => totalBytes = e.TotalBytes;
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAnyAsync<Amazon.S3.AmazonS3Exception>(() => utility.DownloadWithResponseAsync(request));

        Assert.Equal(-1, totalBytes);
    }
}
