using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(MotoCollection.Name)]
public sealed class UploadStreamTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_SeekableStreamAboveThreshold_UploadsSeveralPartsAtOnce()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((20 * MiB) + 5);
        using var stream = new MemoryStream(content, writable: false);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "seekable", InputStream = stream });

        // PartSize left unset: a seekable stream's known length is split like a file's, 4 parts of ~5 MiB.
        Assert.Equal(4, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.True(s3.Handler.MaxInFlight > 1, $"max in flight {s3.Handler.MaxInFlight}");
        Assert.Equal(4, response.PartCount);
        Assert.Equal(content.Length, response.ContentLength);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "seekable"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_SeekableStreamBelowThresholdFromMidStreamWithoutRewinding_PutsTheRestAndLeavesStreamOpen()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3 * MiB);
        using var stream = new MemoryStream(content, writable: false) { Position = 1000 };
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "rest", InputStream = stream, AutoResetStreamPosition = false, AutoCloseStream = false });

        Assert.Equal(1, UploadAssertions.CountPuts(s3.Handler));
        Assert.Equal(0, response.PartCount);
        Assert.True(stream.CanRead);
        Assert.Equal(TestData.Sha256(content.AsSpan(1000)), await Boto3Reader.Sha256Async(moto, s3.BucketName, "rest"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NonSeekableStreamAboveThreshold_KeepsSeveralPartsInFlight()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((20 * MiB) + 77);
        var stream = new NonSeekableStream(content);
        using TransferUtility utility = s3.CreateUtility();
        var totals = new List<long>();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "pipe", InputStream = stream, AutoCloseStream = false };
        request.UploadProgressEvent += (_, e) => totals.Add(e.TotalBytes);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(request);

        Assert.Equal(1, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(3, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.True(s3.Handler.MaxInFlight > 1, $"max in flight {s3.Handler.MaxInFlight}");
        Assert.Equal(content.Length, response.ContentLength);
        Assert.Equal(content.Length, totals[^1]);
        Assert.False(stream.IsDisposed);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "pipe"));
    }

    [Theory]
    [InlineData(3 * MiB)]
    [InlineData((10 * MiB) + 3)]
    [InlineData(1)]
    public async Task UploadWithResponseAsync_NonSeekableStreamBelowThreshold_SendsOnePutObject(int length)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(length);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "short", InputStream = new NonSeekableStream(content) });

        Assert.Equal(1, UploadAssertions.CountPuts(s3.Handler));
        Assert.Equal(0, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(0, response.PartCount);
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "short"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_EmptyNonSeekableStream_StoresAnEmptyObjectWithOnePut()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "empty", InputStream = new NonSeekableStream([]) });

        Assert.Equal(1, UploadAssertions.CountPuts(s3.Handler));
        Assert.Equal(0, response.ContentLength);
        var head = await s3.SetupClient.GetObjectMetadataAsync(s3.BucketName, "empty");
        Assert.Equal(0, head.ContentLength);
        Assert.Equal(TestData.Sha256([]), await Boto3Reader.Sha256Async(moto, s3.BucketName, "empty"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_AutoCloseStream_DisposesTheCallersStream()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var stream = new NonSeekableStream(TestData.Payload(1000));
        using TransferUtility utility = s3.CreateUtility();

        await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "closed", InputStream = stream, AutoCloseStream = true });

        Assert.True(stream.IsDisposed);
    }
}
