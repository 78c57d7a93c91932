using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// Uploads that name no Content-Type, as an app using Amazon.S3.Transfer writes them; see UploadScenarios. The type S3
// stores is read back with the SDK's own client.
[Collection(CompatMotoCollection.Name)]
public sealed class ContentTypeScenarios(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Theory]
    [InlineData("site.css", "text/css")]
    [InlineData("readme.txt", "text/plain")]
    [InlineData("data.json", "application/json")]
    [InlineData("archive.unknownext", "application/octet-stream")]
    [InlineData("no-extension", "text/plain")]
    public async Task UploadAsync_SmallFileWithoutContentType_TypeFromTheExtension(string name, string expected)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string path = bucket.PathFor(name);
        await File.WriteAllBytesAsync(path, TestData.Payload(1000));
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(path, bucket.Name);

        Assert.Equal(expected, (await bucket.HeadAsync(name)).Headers.ContentType);
    }

    [Theory]
    [InlineData("notes.txt", "text/plain")]
    [InlineData("styles/site.css", "text/css")]
    [InlineData("no-extension", "text/plain")]
    public async Task UploadAsync_SmallStreamWithoutContentType_TypeFromTheKey(string key, string expected)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(new MemoryStream(TestData.Payload(1000)), bucket.Name, key);

        Assert.Equal(expected, (await bucket.HeadAsync(key)).Headers.ContentType);
    }

    [Theory]
    [InlineData("big.json", "application/json")]
    [InlineData("big-no-extension", "application/octet-stream")]
    public async Task UploadAsync_MultipartFileWithoutContentType_TypeFromTheExtension(string name, string expected)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string path = bucket.PathFor(name);
        await File.WriteAllBytesAsync(path, TestData.Payload((6 * MiB) + 1));
        using var transferUtility = new TransferUtility(bucket.Client, new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });

        await transferUtility.UploadAsync(new TransferUtilityUploadRequest { BucketName = bucket.Name, FilePath = path, Key = name, PartSize = 5 * MiB });

        GetObjectMetadataResponse head = await bucket.HeadAsync(name);
        Assert.EndsWith("-2\"", head.ETag, StringComparison.Ordinal);
        Assert.Equal(expected, head.Headers.ContentType);
    }

    [Fact]
    public async Task UploadAsync_ContentTypeGiven_KeptOverTheExtension()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name, Key = "page.css", InputStream = new MemoryStream(TestData.Payload(100)), ContentType = "text/x-custom",
        });

        Assert.Equal("text/x-custom", (await bucket.HeadAsync("page.css")).Headers.ContentType);
    }

    [Fact]
    public async Task UploadDirectoryAsync_NoContentType_EachFileTypedByItsExtension()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Directory.CreateDirectory(bucket.PathFor("site")).FullName;
        foreach (string name in new[] { "index.html", "site.css", "app.js", "logo.png", "LICENSE" })
        {
            await File.WriteAllBytesAsync(Path.Combine(source, name), TestData.Payload(100));
        }

        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = source, KeyPrefix = "www" });

        Assert.Equal("text/html", (await bucket.HeadAsync("www/index.html")).Headers.ContentType);
        Assert.Equal("text/css", (await bucket.HeadAsync("www/site.css")).Headers.ContentType);
        Assert.Equal("application/x-javascript", (await bucket.HeadAsync("www/app.js")).Headers.ContentType);
        Assert.Equal("image/png", (await bucket.HeadAsync("www/logo.png")).Headers.ContentType);
        Assert.Equal("text/plain", (await bucket.HeadAsync("www/LICENSE")).Headers.ContentType);
    }
}
