using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(MotoCollection.Name)]
public sealed class UploadFileTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_FileBelowThreshold_SendsOnePutObjectReadableByBoto3()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3 * MiB);
        string path = s3.PathFor("small.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "small", FilePath = path });

        Assert.Equal(1, UploadAssertions.CountPuts(s3.Handler));
        Assert.Equal(0, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(0, response.PartCount);
        Assert.Equal(content.Length, response.ContentLength);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "small"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_FileAboveThreshold_UploadsSeveralPartsAtOnceAndCompletes()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((20 * MiB) + 123);
        string path = s3.PathFor("big.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "big", FilePath = path });

        // PartSize left unset: 4 parts of ~5 MiB, not 3 of 8 MiB, so more of the 10 connections share the object.
        Assert.Equal(1, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(4, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.Equal(1, UploadAssertions.CountCompletes(s3.Handler));
        Assert.Equal(0, UploadAssertions.CountPuts(s3.Handler));
        Assert.True(s3.Handler.MaxInFlight > 1, $"max in flight {s3.Handler.MaxInFlight}");
        Assert.Equal(4, response.PartCount);
        Assert.EndsWith("-4\"", response.ETag, StringComparison.Ordinal);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "big"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_FileWithTwoRequestsAllowed_NeverHasMoreThanTwoInFlight()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(30 * MiB);
        string path = s3.PathFor("bounded.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 2 });

        await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "bounded", FilePath = path, PartSize = 5 * MiB });

        Assert.Equal(6, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.InRange(s3.Handler.MaxInFlight, 1, 2);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "bounded"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_FileAtExactlyTheThreshold_UsesMultipart()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(16 * MiB);
        string path = s3.PathFor("edge.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "edge", FilePath = path });

        // PartSize left unset: three parts of ~5.3 MiB rather than two of 8 MiB (whole waves, at least 5 MiB each).
        Assert.Equal(3, response.PartCount);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "edge"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NoContentTypeGiven_StoresOctetStreamAndMetadata()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(1000);
        string path = s3.PathFor("meta.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "meta", FilePath = path };
        request.Metadata["origin"] = "unit";

        await utility.UploadWithResponseAsync(request);

        GetObjectMetadataResponse head = await s3.SetupClient.GetObjectMetadataAsync(s3.BucketName, "meta");
        Assert.Equal("application/octet-stream", head.Headers.ContentType);
        Assert.Equal("unit", head.Metadata["origin"]);
        Assert.Equal(content.Length, head.ContentLength);
    }

    [Fact]
    public async Task UploadWithResponseAsync_MultipartWithContentType_StoresTypeAndMetadata()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(17 * MiB);
        string path = s3.PathFor("typed.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "typed", FilePath = path, ContentType = "text/plain" };
        request.Metadata["origin"] = "multi";

        await utility.UploadWithResponseAsync(request);

        GetObjectMetadataResponse head = await s3.SetupClient.GetObjectMetadataAsync(s3.BucketName, "typed");
        Assert.Equal("text/plain", head.Headers.ContentType);
        Assert.Equal("multi", head.Metadata["origin"]);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "typed"));
    }
}
