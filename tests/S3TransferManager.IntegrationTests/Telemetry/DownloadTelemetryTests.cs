using System.Diagnostics;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Telemetry;

/// <summary>What an operator sees of downloads through the S3TransferManager meter and activity source. Downloads open
/// with a range, so that they have parts to count (moto answers part 1 by number with the whole object).</summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadTelemetryTests(MotoServer moto)
{
    private const int PartSize = 64 * 1024;
    private const int Size = (4 * PartSize) + 1_000;   // 5 parts

    [Fact]
    public async Task DownloadWithResponseAsync_FiveParts_EmitsADownloadSpanWithAChildSpanPerPart()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(Size));
        using var telemetry = new TelemetryRecorder(s3.BucketName);
        using TransferUtility utility = s3.CreateRangedUtility();

        await utility.DownloadWithResponseAsync(Request(s3, "object"));

        Activity transfer = Assert.Single(telemetry.SpansNamed("S3TransferManager.Download"));
        IReadOnlyList<Activity> parts = telemetry.SpansNamed("S3TransferManager.GetPart");
        Assert.Equal(("object", "download", (object)(long)Size, (object)5, (object)(long)Size, ActivityStatusCode.Unset),
            (transfer.GetTagItem("aws.s3.key"), transfer.GetTagItem("s3transfermanager.direction"), transfer.GetTagItem("s3transfermanager.object.size"),
                transfer.GetTagItem("s3transfermanager.part.count"), transfer.GetTagItem("s3transfermanager.transferred_bytes"), transfer.Status));
        Assert.Equal([1, 2, 3, 4, 5], parts.Select(p => (int)p.GetTagItem("aws.s3.part_number")!).Order());
        Assert.All(parts, p => Assert.Equal(transfer.SpanId, p.ParentSpanId));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_FiveParts_CountsItsBytesRequestsAndDurations()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(Size));
        using var telemetry = new TelemetryRecorder(s3.BucketName, "s3transfermanager.io", "s3transfermanager.requests",
            "s3transfermanager.transfer.duration", "s3transfermanager.part.duration");
        using TransferUtility utility = s3.CreateRangedUtility();

        await utility.DownloadWithResponseAsync(Request(s3, "object"));

        var transfer = Assert.Single(telemetry.Histogram("s3transfermanager.transfer.duration"));
        Assert.Equal(Size, telemetry.Counter("s3transfermanager.io").Where(m => Equals(m.Tags["s3transfermanager.direction"], "download")).Sum(m => m.Value));
        Assert.Equal(5, telemetry.Counter("s3transfermanager.requests").Where(m => Equals(m.Tags["rpc.method"], "GetObject")).Sum(m => m.Value));
        Assert.Equal(5, telemetry.Histogram("s3transfermanager.part.duration").Count);
        Assert.False(transfer.Tags.ContainsKey("error.type"));
        Assert.True(transfer.Value > 0);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_MissingKey_CountsAFailureNamedByS3sErrorCode()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using var telemetry = new TelemetryRecorder(s3.BucketName, "s3transfermanager.failures");
        using TransferUtility utility = s3.CreateRangedUtility();

        await Assert.ThrowsAnyAsync<AmazonS3Exception>(() => utility.DownloadWithResponseAsync(Request(s3, "missing")));

        var failure = Assert.Single(telemetry.Counter("s3transfermanager.failures"));
        Activity transfer = Assert.Single(telemetry.SpansNamed("S3TransferManager.Download"));
        Assert.Equal("NoSuchKey", failure.Tags["error.type"]);
        Assert.Equal((ActivityStatusCode.Error, (object)"NoSuchKey"), (transfer.Status, transfer.GetTagItem("error.type")));
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_ReadToTheEnd_EndsItsSpanOnceEveryPartIsFetched()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(Size));
        using var telemetry = new TelemetryRecorder(s3.BucketName);
        var ended = new TaskCompletionSource<Activity>(TaskCreationOptions.RunContinuationsAsynchronously);
        telemetry.SpanStopped += a =>
        {
            if (a.OperationName == "S3TransferManager.OpenStream")
            {
                ended.TrySetResult(a);
            }
        };
        using TransferUtility utility = s3.CreateRangedUtility();

        using (TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize }))
        {
            await response.ResponseStream.CopyToAsync(Stream.Null);
        }

        Activity span = await ended.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal((ActivityStatusCode.Unset, (object)(long)Size, (object?)null),
            (span.Status, span.GetTagItem("s3transfermanager.transferred_bytes"), span.GetTagItem("error.type")));
        Assert.Equal(5, telemetry.SpansNamed("S3TransferManager.GetPart").Count(p => p.ParentSpanId == span.SpanId));
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_DisposedBeforeTheEnd_EndsItsSpanAsCanceledNotFailed()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(Size));
        using var telemetry = new TelemetryRecorder(s3.BucketName, "s3transfermanager.failures");
        var ended = new TaskCompletionSource<Activity>(TaskCreationOptions.RunContinuationsAsynchronously);
        telemetry.SpanStopped += a =>
        {
            if (a.OperationName == "S3TransferManager.OpenStream")
            {
                ended.TrySetResult(a);
            }
        };
        using TransferUtility utility = s3.CreateRangedUtility();

        // One part in memory and nothing read: the producers cannot get past part 2 before the stream is disposed.
        TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize, MaxInMemoryParts = 1 });
        await response.ResponseStream.DisposeAsync();
        response.Dispose();

        Activity span = await ended.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal((ActivityStatusCode.Unset, (object)"canceled"), (span.Status, span.GetTagItem("error.type")));
        Assert.Empty(telemetry.Counter("s3transfermanager.failures"));
    }

    private static TransferUtilityDownloadRequest Request(S3TestContext s3, string key) =>
        new() { BucketName = s3.BucketName, Key = key, FilePath = s3.PathFor(key), PartSize = PartSize };
}
