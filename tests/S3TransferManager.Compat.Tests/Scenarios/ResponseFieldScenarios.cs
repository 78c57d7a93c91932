using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// What single downloads and directory downloads report and skip, read as an app using Amazon.S3.Transfer reads it; see
// UploadScenarios. Objects are written with the SDK's own client.
[Collection(CompatMotoCollection.Name)]
public sealed class ResponseFieldScenarios(MotoServer moto)
{
    [Fact]
    public async Task DownloadWithResponseAsync_StoredObject_ResponseDescribesIt()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await bucket.Client.PutObjectAsync(new PutObjectRequest
        {
            BucketName = bucket.Name, Key = "k", InputStream = new MemoryStream(TestData.Payload(3000)), ContentType = "text/csv",
            StorageClass = S3StorageClass.StandardInfrequentAccess, ServerSideEncryptionMethod = ServerSideEncryptionMethod.AES256,
        });
        GetObjectMetadataResponse head = await bucket.HeadAsync("k");
        using var transferUtility = new TransferUtility(bucket.Client);

        TransferUtilityDownloadResponse response = await transferUtility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = bucket.Name, Key = "k", FilePath = bucket.PathFor("k.csv"),
        });

        Assert.Equal((head.ETag, 3000L, "text/csv"), (response.ETag, response.Headers.ContentLength, response.Headers.ContentType));
        Assert.Equal(head.LastModified, response.LastModified);
        Assert.Null(response.VersionId);
        Assert.Equal(S3StorageClass.StandardInfrequentAccess, response.StorageClass);
        Assert.Equal(ServerSideEncryptionMethod.AES256, response.ServerSideEncryptionMethod);
        Assert.Equal("bytes 0-2999/3000", response.ContentRange);
    }

    [Fact]
    public async Task DownloadAsync_LifecycleEvents_InitiatedThenCompletedWithTheLength()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await bucket.Client.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "k", InputStream = new MemoryStream(TestData.Payload(3000)), ContentType = "text/csv" });
        using var transferUtility = new TransferUtility(bucket.Client);
        var request = new TransferUtilityDownloadRequest { BucketName = bucket.Name, Key = "k", FilePath = bucket.PathFor("k.csv") };
        var seen = new List<string>();
        request.DownloadInitiatedEvent += (_, e) => seen.Add($"initiated {e.FilePath == request.FilePath}");
#if SDK
        // The AWS SDK 4.1.0 counts TransferredBytes from progress callbacks that can run after its completed event: on a
        // loaded machine about 1 run in 40 reports "0 of 3000" there. Its total and order are what this baseline pins.
        request.DownloadCompletedEvent += (_, e) => seen.Add($"completed {(e.TransferredBytes is 0 or 3000 ? "3000" : e.TransferredBytes)} of {e.TotalBytes} {e.FilePath == request.FilePath}");
#else
        request.DownloadCompletedEvent += (_, e) => seen.Add($"completed {e.TransferredBytes} of {e.TotalBytes} {e.FilePath == request.FilePath}");
#endif
        request.DownloadFailedEvent += (_, _) => seen.Add("failed");

        await transferUtility.DownloadAsync(request);

        Assert.Equal(["initiated True", "completed 3000 of 3000 True"], seen);
    }

    [Theory]
    [InlineData(1, null, 0)]
    [InlineData(-1, null, 2)]
    [InlineData(null, -1, 0)]
    [InlineData(null, 1, 2)]
    public async Task DownloadDirectoryAsync_DateConditions_ObjectsOutsideAreLeftOutWithoutFailing(int? modifiedSinceHours, int? unmodifiedSinceHours,
        int downloaded)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await bucket.Client.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "d/a", ContentBody = "a" });
        await bucket.Client.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "d/b", ContentBody = "b" });
        using var transferUtility = new TransferUtility(bucket.Client);
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = bucket.Name, S3Directory = "d", LocalDirectory = bucket.PathFor("out"), FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        if (modifiedSinceHours is { } since)
        {
            request.ModifiedSinceDate = DateTime.UtcNow.AddHours(since);
        }

        if (unmodifiedSinceHours is { } until)
        {
            request.UnmodifiedSinceDate = DateTime.UtcNow.AddHours(until);
        }

        TransferUtilityDownloadDirectoryResponse response = await transferUtility.DownloadDirectoryWithResponseAsync(request);

        Assert.Equal((downloaded, 0L), (response.ObjectsDownloaded, response.ObjectsFailed));
        Assert.Equal(downloaded, Directory.GetFiles(bucket.PathFor("out")).Length);
    }
}
