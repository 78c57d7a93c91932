using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.RealServer.RealServerContext;

namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>Every kind of upload against the real server, each object read back with the SDK and compared byte for byte.</summary>
[Trait("Category", "RealServer")]
public sealed class RealServerUploadTests
{
    [RealServerFact]
    public async Task UploadWithResponseAsync_FortyMebibyteFileInEightMebibyteParts_StoredByteExact()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        using var utility = new TransferUtility(s3.Client);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "f.bin", FilePath = path, PartSize = 8 * MiB,
        });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(await s3.ReadAsync("f.bin")));
        Assert.Equal(5, UploadAssertions.CountUploadParts(s3.Handler));
        Assert.False(string.IsNullOrEmpty(response.ETag));
        Assert.Equal(0, UploadAssertions.CountAborts(s3.Handler));
        await s3.AssertNoOpenUploadsAsync();
    }

    [RealServerFact]
    public async Task UploadWithResponseAsync_FortyMebibyteNonSeekableStream_StoredByteExact()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB, seed: 2);
        using var utility = new TransferUtility(s3.Client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "stream.bin", InputStream = new NonSeekableStream(content), PartSize = 8 * MiB,
        });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(await s3.ReadAsync("stream.bin")));
        await s3.AssertNoOpenUploadsAsync();
    }

    [RealServerFact]
    public async Task UploadWithResponseAsync_OneKibibyte_StoredByteExactInOnePut()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(1024, seed: 3);
        using var utility = new TransferUtility(s3.Client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "small.bin", InputStream = new MemoryStream(content),
        });

        Assert.Equal(content, await s3.ReadAsync("small.bin"));
        Assert.Equal(1, UploadAssertions.CountPuts(s3.Handler));
    }

    [RealServerFact]
    public async Task UploadWithResponseAsync_EmptyFile_StoredEmpty()
    {
        await using RealServerContext s3 = await CreateAsync();
        string path = s3.PathFor("empty.bin");
        await File.WriteAllBytesAsync(path, []);
        using var utility = new TransferUtility(s3.Client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "empty.bin", FilePath = path });

        Assert.Empty(await s3.ReadAsync("empty.bin"));
    }
}
