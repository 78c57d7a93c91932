using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>
/// The caller's own whole-object checksum (<c>ChecksumSHA256</c> and the others) and expected size
/// (<c>MpuObjectSize</c>), as code written for the AWS SDK's TransferUtility sets them. moto accepts wrong checksums,
/// so what S3 itself would refuse is not asserted here; what the library checks is.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class UploadPrecomputedChecksumTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_OnePutWithTheCallersSha256_SendsItAsTheOnlyChecksum()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(MiB + 3);
        string sha256 = IndependentChecksums.Base64(ChecksumAlgorithm.SHA256, content);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), ChecksumSHA256 = sha256,
        });

        RequestRecord put = Assert.Single(s3.Handler.Requests, r => r.Method == "PUT");
        Assert.Equal(["x-amz-checksum-sha256"], put.Headers.Keys.Where(IsChecksumValue));
        Assert.Equal(sha256, put.Header("x-amz-checksum-sha256"));
        Assert.Equal(sha256, response.ChecksumSHA256);
    }

    [Fact]
    public async Task UploadWithResponseAsync_MultipartWithTheCallersCrc32_SendsItWithCompleteAsTheFullObjectValue()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((11 * MiB) + 5);
        string crc = IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), PartSize = 5 * MiB, ChecksumCRC32 = crc,
            MpuObjectSize = content.Length,
        });

        RequestRecord complete = Assert.Single(s3.Handler.Requests, r => r.Method == "POST" && r.HasQuery("uploadId"));
        Assert.Equal(crc, complete.Header("x-amz-checksum-crc32"));
        Assert.Equal(content.Length.ToString(System.Globalization.CultureInfo.InvariantCulture), complete.Header("x-amz-mp-object-size"));
        GetObjectMetadataResponse head = await s3.SetupClient.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = s3.BucketName, Key = "k", ChecksumMode = ChecksumMode.ENABLED });
        Assert.Equal(crc, head.ChecksumCRC32);
    }

    [Fact]
    public async Task UploadWithResponseAsync_CallersCrc32OfOtherBytes_AbortsBeforeCompleteWithChecksumMismatch()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((11 * MiB) + 5);
        string stale = IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content.AsSpan(1));
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), PartSize = 5 * MiB, ChecksumCRC32 = stale,
        }));

        Assert.Equal((stale, IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content)), (error.Expected, error.Actual));
        Assert.Equal(0, UploadAssertions.CountCompletes(s3.Handler));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.False(await UploadAssertions.ExistsAsync(s3, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_CallersSha256ForAMultipartObject_IsRefusedBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((6 * MiB) + 5);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });

        await Assert.ThrowsAsync<NotSupportedException>(() => utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), PartSize = 5 * MiB,
            ChecksumSHA256 = IndependentChecksums.Base64(ChecksumAlgorithm.SHA256, content),
        }));

        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadWithResponseAsync_MpuObjectSizeNotTheFilesSize_IsRefusedBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("source.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(1000));
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<ArgumentException>(() => utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = path, MpuObjectSize = 999,
        }));

        Assert.Equal("MpuObjectSize", error.ParamName);
        Assert.Empty(s3.Handler.Requests);
    }

    private static bool IsChecksumValue(string header) =>
        header.StartsWith("x-amz-checksum-", StringComparison.OrdinalIgnoreCase) && !header.Equals("x-amz-checksum-algorithm", StringComparison.OrdinalIgnoreCase);
}
