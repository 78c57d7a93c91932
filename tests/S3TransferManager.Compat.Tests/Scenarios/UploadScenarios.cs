using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// Written as an app using Amazon.S3.Transfer writes it. The namespace import that differs between the two
// compilations is global (see the .csproj files); nothing below changes.
[Collection(CompatMotoCollection.Name)]
public sealed class UploadScenarios(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadAsync_FileShortForms_StoreUnderTheKeyOrTheFileName()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string path = bucket.PathFor("report.csv");
        await File.WriteAllBytesAsync(path, TestData.Payload(3000));
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(path, bucket.Name);
        await transferUtility.UploadAsync(path, bucket.Name, "reports/2024.csv");

        Assert.Equal(3000, (await bucket.HeadAsync("report.csv")).ContentLength);
        Assert.Equal(3000, (await bucket.HeadAsync("reports/2024.csv")).ContentLength);
    }

    [Fact]
    public async Task UploadAsync_RequestWithStoredOptions_StoresThem()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        var request = new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name,
            Key = "data/export.json",
            InputStream = new MemoryStream(TestData.Payload(10_000)),
            ContentType = "application/json",
            StorageClass = S3StorageClass.StandardInfrequentAccess,
            ServerSideEncryptionMethod = ServerSideEncryptionMethod.AES256,
            CannedACL = S3CannedACL.Private,
            TagSet = [new Tag { Key = "team", Value = "data" }],
        };
        request.Metadata.Add("source", "nightly");
        request.Headers.CacheControl = "max-age=3600";
        request.Headers.ContentDisposition = "attachment; filename=export.json";
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(request);

        GetObjectMetadataResponse head = await bucket.HeadAsync("data/export.json");
        Assert.Equal("application/json", head.Headers.ContentType);
        Assert.Equal(S3StorageClass.StandardInfrequentAccess, head.StorageClass);
        Assert.Equal(ServerSideEncryptionMethod.AES256, head.ServerSideEncryptionMethod);
        Assert.Equal("nightly", head.Metadata["source"]);
        Assert.Equal("max-age=3600", head.Headers.CacheControl);
        Assert.Equal("attachment; filename=export.json", head.Headers.ContentDisposition);
        GetObjectTaggingResponse tags = await bucket.Client.GetObjectTaggingAsync(new GetObjectTaggingRequest { BucketName = bucket.Name, Key = "data/export.json" });
        Assert.Equal("data", Assert.Single(tags.Tagging).Value);
    }

    [Fact]
    public async Task UploadAsync_MultipartFileWithTypedProgressHandler_ReportsTheWholeLength()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string path = bucket.PathFor("big.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload((11 * MiB) + 7));
        var events = new List<UploadProgressArgs>();
        var request = new TransferUtilityUploadRequest { BucketName = bucket.Name, Key = "big.bin", FilePath = path, PartSize = 5 * MiB };
        request.UploadProgressEvent += OnUploadProgress;
        var config = new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB, ConcurrentServiceRequests = 4 };
        using var transferUtility = new TransferUtility(bucket.Client, config);

        await transferUtility.UploadAsync(request);

        // The AWS SDK raises progress from its part tasks concurrently, so the event that reached the whole length need
        // not be the last one added (it failed that way under load); take the furthest.
        UploadProgressArgs last;
        lock (events)
        {
            last = events.MaxBy(e => e.TransferredBytes)!;
        }

        Assert.Equal(100, last.PercentDone);
        Assert.Equal((11 * MiB) + 7, last.TransferredBytes);
        Assert.Equal(last.TotalBytes, last.TransferredBytes);
        Assert.Equal(path, last.FilePath);
        Assert.EndsWith("-3\"", (await bucket.HeadAsync("big.bin")).ETag, StringComparison.Ordinal);

        void OnUploadProgress(object? sender, UploadProgressArgs e)
        {
            lock (events)
            {
                events.Add(e);
            }
        }
    }

    [Fact]
    public async Task UploadWithResponseAsync_Stream_AnswersTheStoredETag()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);

        TransferUtilityUploadResponse response = await transferUtility.UploadWithResponseAsync(new MemoryStream(TestData.Payload(5000)), bucket.Name, "k");

        Assert.Equal((await bucket.HeadAsync("k")).ETag, response.ETag);
    }

    [Fact]
    public async Task AbortMultipartUploadsAsync_OpenUploads_AbortsThem()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await bucket.Client.InitiateMultipartUploadAsync(new InitiateMultipartUploadRequest { BucketName = bucket.Name, Key = "left-open" });
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.AbortMultipartUploadsAsync(bucket.Name, DateTime.UtcNow.AddMinutes(5));

        ListMultipartUploadsResponse after = await bucket.Client.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = bucket.Name });
        Assert.Empty(after.MultipartUploads ?? []);
    }
}
