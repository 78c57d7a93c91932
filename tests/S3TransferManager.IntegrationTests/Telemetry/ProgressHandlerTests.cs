using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Telemetry;

/// <summary><c>ProgressHandler</c>: the progress events, for code that takes an <see cref="IProgress{T}"/>.</summary>
[Collection(MotoCollection.Name)]
public sealed class ProgressHandlerTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task DownloadWithResponseAsync_ProgressHandlerBesideTheEvent_ReceivesTheSameReports()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload((5 * 64 * 1024) + 3));
        var events = new List<TransferProgressArgs>();
        var reports = new RecordingProgress();
        var request = new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = 64 * 1024, ProgressHandler = reports,
        };
        request.WriteObjectProgressEvent += (_, e) => events.Add(e);
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(request);

        Assert.NotEmpty(events);
        Assert.Equal(events, reports.Seen);
    }

    [Fact]
    public async Task UploadWithResponseAsync_OnlyAProgressHandler_ReportsInOrderUpToTheWholeLength()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        const int size = (10 * MiB) + 1_000;
        string path = s3.PathFor("upload.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(size));
        var reports = new RecordingProgress();
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = path, PartSize = 5 * MiB, ProgressHandler = reports,
        });

        Assert.NotEmpty(reports.Seen);
        Assert.Equal(reports.Seen.Select(r => r.TransferredBytes).Order(), reports.Seen.Select(r => r.TransferredBytes));
        Assert.Equal((size, size), (reports.Seen[^1].TransferredBytes, reports.Seen[^1].TotalBytes));
    }
}
