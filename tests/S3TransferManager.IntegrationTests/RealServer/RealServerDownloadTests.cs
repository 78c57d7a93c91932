using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.RealServer.RealServerContext;

namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>Downloads from the real server of objects the AWS SDK's own calls stored: a 40 MiB object in 8 MiB parts,
/// to a file and through OpenStream, and an empty object.</summary>
[Trait("Category", "RealServer")]
public sealed class RealServerDownloadTests
{
    [RealServerFact]
    public async Task DownloadWithResponseAsync_FortyMebibyteMultipartObject_ByteExactFile()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB, seed: 4);
        await s3.PutMultipartAsync("big.bin", content, 8 * MiB);
        using var utility = new TransferUtility(s3.Client);
        string path = s3.PathFor("big.bin");

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "big.bin", FilePath = path,
        });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        Assert.Equal(content.Length, response.ContentLength);
    }

    [RealServerFact]
    public async Task OpenStreamWithResponseAsync_FortyMebibyteMultipartObject_ByteExact()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB, seed: 5);
        await s3.PutMultipartAsync("big.bin", content, 8 * MiB);
        using var utility = new TransferUtility(s3.Client);

        await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "big.bin" });
        using var read = new MemoryStream();
        await open.ResponseStream.CopyToAsync(read);

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(read.ToArray()));
    }

    [RealServerFact]
    public async Task DownloadWithResponseAsync_EmptyObject_EmptyFile()
    {
        await using RealServerContext s3 = await CreateAsync();
        await s3.PutAsync("empty.bin", []);
        using var utility = new TransferUtility(s3.Client);
        string path = s3.PathFor("empty.bin");

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "empty.bin", FilePath = path });

        Assert.Equal(0, new FileInfo(path).Length);
    }

    [RealServerFact]
    public async Task OpenStreamWithResponseAsync_EmptyObject_ReadsNothing()
    {
        await using RealServerContext s3 = await CreateAsync();
        await s3.PutAsync("empty.bin", []);
        using var utility = new TransferUtility(s3.Client);

        await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "empty.bin" });
        using var read = new MemoryStream();
        await open.ResponseStream.CopyToAsync(read);

        Assert.Equal(0, read.Length);
    }
}
