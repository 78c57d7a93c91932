using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>The download-directory request's object options reach every object's GET, as on the AWS SDK's request.</summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadDirectoryOptionsTests(MotoServer moto)
{
    [Fact]
    public async Task DownloadDirectoryAsync_CustomerKey_EveryGetCarriesItAndFilesMatch()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] first = TestData.Payload(1000);
        byte[] second = TestData.Payload(3000, seed: 2);
        using TransferUtility utility = s3.CreateUtility();
        foreach ((string key, byte[] content) in new[] { ("enc/a.bin", first), ("enc/sub/b.bin", second) })
        {
            await utility.UploadAsync(new TransferUtilityUploadRequest
            {
                BucketName = s3.BucketName, Key = key, InputStream = new MemoryStream(content),
                ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256,
                ServerSideEncryptionCustomerProvidedKey = CustomerKey.Key,
            });
        }

        s3.Handler.Reset();

        await utility.DownloadDirectoryAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "enc", LocalDirectory = s3.PathFor("out"),
            ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256,
            ServerSideEncryptionCustomerProvidedKey = CustomerKey.Key,
        }).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(first, await File.ReadAllBytesAsync(s3.PathFor("out/a.bin")));
        Assert.Equal(second, await File.ReadAllBytesAsync(s3.PathFor("out/sub/b.bin")));
        RequestRecord[] objectRequests = [.. s3.Handler.Requests.Where(r => r.Method != "GET" || !r.HasQuery("list-type"))];
        Assert.NotEmpty(objectRequests);
        Assert.All(objectRequests, r => Assert.Equal(CustomerKey.KeyMd5, r.Header("x-amz-server-side-encryption-customer-key-MD5")));
    }

    [Fact]
    public async Task DownloadDirectoryAsync_IfNoneMatch_IsSentOnEveryGet()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("d/a", TestData.Payload(100));
        await s3.PutAsync("d/b", TestData.Payload(200));
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadDirectoryAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "d", LocalDirectory = s3.PathFor("out"), IfNoneMatch = "\"no-such-etag\"",
        }).WaitAsync(TimeSpan.FromMinutes(1));

        RequestRecord[] gets = [.. s3.Handler.Requests.Where(r => r.IsGet && !r.HasQuery("list-type"))];
        Assert.Equal(2, gets.Length);
        Assert.All(gets, r => Assert.Equal("\"no-such-etag\"", r.Header("If-None-Match")));
    }

    [Fact]
    public async Task DownloadDirectoryAsync_DisableSlashCorrection_ListsKeysMerelyStartingWithThePrefix()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("logs/a", TestData.Payload(10));
        await s3.PutAsync("logs2/b", TestData.Payload(20));
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest
            {
                BucketName = s3.BucketName, S3Directory = "logs", LocalDirectory = s3.PathFor("out"), DisableSlashCorrection = true,
            }).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(2, response.ObjectsDownloaded);
    }
}
