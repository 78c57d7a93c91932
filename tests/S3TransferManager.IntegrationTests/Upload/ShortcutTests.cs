using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>The short forms code written for Amazon.S3.Transfer calls, against moto.</summary>
[Collection(MotoCollection.Name)]
public sealed class ShortcutTests(MotoServer moto)
{
    [Fact]
    public async Task UploadAsync_FileAndBucketOnly_StoresItUnderItsFileName()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3000);
        string path = s3.PathFor("report.csv");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();

        await utility.UploadAsync(path, s3.BucketName);

        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "report.csv"));
    }

    [Fact]
    public async Task UploadAsync_StreamThenDownloadAsyncThenOpenStreamAsync_RoundTripsTheBytes()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(70_000);
        using TransferUtility utility = s3.CreateUtility();

        await utility.UploadAsync(new MemoryStream(content), s3.BucketName, "k");
        await utility.DownloadAsync(s3.PathFor("k.bin"), s3.BucketName, "k");
        await using Stream stream = await utility.OpenStreamAsync(s3.BucketName, "k");
        var streamed = new MemoryStream();
        await stream.CopyToAsync(streamed);

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("k.bin")));
        Assert.Equal(content, streamed.ToArray());
    }

    [Fact]
    public async Task AbortMultipartUploadsAsync_CutOffAfterTheUploads_AbortsThemAndNothingElse()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        for (int i = 0; i < 3; i++)
        {
            await s3.SetupClient.InitiateMultipartUploadAsync(new InitiateMultipartUploadRequest { BucketName = s3.BucketName, Key = $"open-{i}" });
        }

        using TransferUtility utility = s3.CreateUtility();

        // moto reports every upload as initiated at 2010-11-10T20:48:33Z, so the "older" cut-off is before that date.
        await utility.AbortMultipartUploadsAsync(s3.BucketName, new DateTime(2010, 1, 1, 0, 0, 0, DateTimeKind.Utc));
        ListMultipartUploadsResponse untouched = await s3.SetupClient.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = s3.BucketName });
        await utility.AbortMultipartUploadsAsync(s3.BucketName, DateTime.UtcNow.AddMinutes(5));
        ListMultipartUploadsResponse after = await s3.SetupClient.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = s3.BucketName });

        Assert.Equal(3, untouched.MultipartUploads?.Count ?? 0);
        Assert.Empty(after.MultipartUploads ?? []);
        Assert.Equal(3, s3.Handler.Requests.Count(r => r.Method == "DELETE"));
    }

    [Fact]
    public async Task AbortMultipartUploadsAsync_BlankBucket_ThrowsBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.AbortMultipartUploadsAsync(" ", DateTime.UtcNow));

        Assert.Empty(s3.Handler.Requests);
    }
}
