using System.Diagnostics;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Telemetry;

/// <summary>What an operator sees of uploads through the S3TransferManager meter and activity source.</summary>
[Collection(MotoCollection.Name)]
public sealed class UploadTelemetryTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;
    private const int Size = (10 * MiB) + 1_000;   // parts of 5 MiB, 5 MiB and 1,000 bytes

    [Fact]
    public async Task UploadWithResponseAsync_ThreeParts_EmitsAnUploadSpanWithTheUploadIdAndAChildSpanPerPart()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using var telemetry = new TelemetryRecorder(s3.BucketName);

        await UploadAsync(s3);

        Activity transfer = Assert.Single(telemetry.SpansNamed("S3TransferManager.Upload"));
        IReadOnlyList<Activity> parts = telemetry.SpansNamed("S3TransferManager.UploadPart");
        Assert.Equal(("object", "upload", (object)(long)Size, (object)(long)(5 * MiB), ActivityStatusCode.Unset),
            (transfer.GetTagItem("aws.s3.key"), transfer.GetTagItem("s3transfermanager.direction"), transfer.GetTagItem("s3transfermanager.transferred_bytes"),
                transfer.GetTagItem("s3transfermanager.part.size"), transfer.Status));
        Assert.False(string.IsNullOrEmpty(transfer.GetTagItem("aws.s3.upload_id") as string));
        Assert.Equal([1, 2, 3], parts.Select(p => (int)p.GetTagItem("aws.s3.part_number")!).Order());
        Assert.All(parts, p => Assert.Equal(transfer.SpanId, p.ParentSpanId));
    }

    [Fact]
    public async Task UploadWithResponseAsync_ThreeParts_CountsItsBytesRequestsAndDurations()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using var telemetry = new TelemetryRecorder(s3.BucketName, "s3transfermanager.io", "s3transfermanager.requests",
            "s3transfermanager.transfer.duration", "s3transfermanager.part.duration");

        await UploadAsync(s3);

        var requests = telemetry.Counter("s3transfermanager.requests")
            .GroupBy(m => (string)m.Tags["rpc.method"]!).ToDictionary(g => g.Key, g => g.Sum(m => m.Value));
        Assert.Equal(Size, telemetry.Counter("s3transfermanager.io").Where(m => Equals(m.Tags["s3transfermanager.direction"], "upload")).Sum(m => m.Value));
        Assert.Equal(new Dictionary<string, long> { ["CreateMultipartUpload"] = 1, ["UploadPart"] = 3, ["CompleteMultipartUpload"] = 1 }, requests);
        Assert.Single(telemetry.Histogram("s3transfermanager.transfer.duration"));
        Assert.Equal(3, telemetry.Histogram("s3transfermanager.part.duration").Count(m => Equals(m.Tags["rpc.method"], "UploadPart")));
    }

    [Fact]
    public async Task UploadWithResponseAsync_BucketMissing_EndsThePutObjectSpanAsFailedWithS3sErrorCode()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string missing = s3.BucketName + "-missing";
        using var telemetry = new TelemetryRecorder(missing, "s3transfermanager.failures");
        string path = s3.PathFor("small.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(1_000));
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAnyAsync<Amazon.S3.AmazonS3Exception>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = missing, Key = "object", FilePath = path }));

        Activity put = Assert.Single(telemetry.SpansNamed("S3TransferManager.PutObject"));
        var failure = Assert.Single(telemetry.Counter("s3transfermanager.failures"));
        Assert.Equal((ActivityStatusCode.Error, (object)"NoSuchBucket"), (put.Status, put.GetTagItem("error.type")));
        Assert.Equal(Assert.Single(telemetry.SpansNamed("S3TransferManager.Upload")).SpanId, put.ParentSpanId);
        Assert.Equal("NoSuchBucket", failure.Tags["error.type"]);
    }

    private static async Task UploadAsync(S3TestContext s3)
    {
        string path = s3.PathFor("upload.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(Size));
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName,
            Key = "object",
            FilePath = path,
            PartSize = 5 * MiB,
        });
    }
}
