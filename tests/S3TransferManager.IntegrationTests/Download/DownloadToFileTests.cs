using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

[Collection(MotoCollection.Name)]
public sealed class DownloadToFileTests(MotoServer moto)
{
    private const int PartSize = 256 * 1024;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(PartSize - 1)]
    [InlineData(PartSize)]
    [InlineData(PartSize + 1)]
    [InlineData(3 * PartSize + 7)]
    public async Task DownloadWithResponseAsync_AnySize_FileMatchesObjectByteForByte(int size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(size);
        string eTag = await s3.PutAsync("object", content, "application/x-test");
        string path = s3.PathFor("downloaded.bin");
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = path, PartSize = PartSize });

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        Assert.Equal(size, response.ContentLength);
        Assert.Equal(eTag, response.ETag);
        Assert.Equal("application/x-test", response.ContentType);
        Assert.Equal([path], Directory.GetFiles(s3.Folder));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(PartSize)]
    [InlineData(PartSize + 1)]
    [InlineData(3 * PartSize + 7)]
    public async Task DownloadWithResponseAsync_AnySize_OneRangedGetPerPartThenOneChecksumHead(int size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string eTag = await s3.PutAsync("object", TestData.Payload(size));
        using TransferUtility utility = s3.CreateRangedUtility();

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = PartSize,
        });

        // Discovery is the first ranged GET, never a HEAD. The one HEAD learns the stored checksum, which a ranged GET
        // does not carry; an empty object is read by a whole-object GET, which would have carried it.
        Assert.True(s3.Handler.Requests[0].IsGet);
        Assert.Equal(size == 0 ? 0 : 1, s3.Handler.Requests.Count(r => r.Method == "HEAD"));
        IReadOnlyList<RequestRecord> requests = s3.Handler.Gets;
        int parts = (size + PartSize - 1) / PartSize;
        Assert.Equal(parts, requests.Count);
        Assert.All(requests, r => Assert.True(r.IsGet));
        Assert.Equal($"bytes=0-{PartSize - 1}", requests[0].Range);
        Assert.Null(requests[0].IfMatch);
        var laterRanges = requests.Skip(1).Select(r => r.Range ?? "").Order().ToList();
        var expectedRanges = Enumerable.Range(1, parts - 1)
            .Select(i => $"bytes={(long)i * PartSize}-{Math.Min((long)(i + 1) * PartSize, size) - 1}").Order().ToList();
        Assert.Equal(expectedRanges, laterRanges);
        Assert.All(requests.Skip(1), r => Assert.Equal(eTag, r.IfMatch));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(PartSize)]
    [InlineData(3 * PartSize + 7)]
    public async Task DownloadWithResponseAsync_AnySizeFromAServerWithNoParts_OneGetOfPart1ByNumberReadToTheEnd(int size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(size);
        await s3.PutAsync("object", content);
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = PartSize,
        });

        // moto answers a GET of part 1 by number with the whole object: the download reads that one body to the end,
        // as the AWS SDK does (a HEAD may learn the stored checksum, which moto's 206 answer does not always carry).
        RequestRecord only = Assert.Single(s3.Handler.Gets);
        Assert.True(s3.Handler.Requests[0].IsGet);
        Assert.EndsWith("?partNumber=1", only.Uri.ToString(), StringComparison.Ordinal);
        Assert.Null(only.Range);
        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("f")));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_EmptyObjectsPart1AnsweredWithARangeOfNothing_OneGetAndEmptyFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("empty", []);
        string path = s3.PathFor("empty.bin");
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "empty", FilePath = path, PartSize = PartSize });

        // moto answers 206 with "bytes 0--1/0": a total of 0 says the object is empty, whatever the range before it, and
        // no checksum needs learning for no bytes.
        Assert.Equal(0, response.ContentLength);
        Assert.Equal(0, new FileInfo(path).Length);
        Assert.Single(s3.Handler.Requests);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_EmptyObject_OneMorePlainGetAndEmptyFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("empty", []);
        string path = s3.PathFor("empty.bin");
        using TransferUtility utility = s3.CreateRangedUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "empty", FilePath = path, PartSize = PartSize });

        Assert.Equal(0, response.ContentLength);
        Assert.Equal(0, new FileInfo(path).Length);
        IReadOnlyList<RequestRecord> requests = s3.Handler.Requests;
        Assert.Equal(2, requests.Count);
        Assert.Equal($"bytes=0-{PartSize - 1}", requests[0].Range);
        Assert.Null(requests[1].Range);
        Assert.All(requests, r => Assert.True(r.IsGet));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ManyPartsExplicitBudget_NeverExceedsItInFlight()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(24 * 64 * 1024);
        await s3.PutAsync("object", content);
        using TransferUtility utility = s3.CreateRangedUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 3 });

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "object", FilePath = s3.PathFor("f"), PartSize = 64 * 1024,
        });

        // Set explicitly, the budget is a hard cap: no slot carries an early request (RequestScheduler.AllowsSharedSlots).
        Assert.Equal(24, s3.Handler.Gets.Count);
        Assert.InRange(s3.Handler.MaxInFlight, 2, 3);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(s3.PathFor("f")));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_LargeObjectWithDefaultPartSize_MatchesByteForByte()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((100 * 1024 * 1024) + 12345);
        await s3.PutAsync("large", content);
        string path = s3.PathFor("large.bin");
        using TransferUtility utility = s3.CreateRangedUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "large", FilePath = path });

        Assert.Equal(content.Length, response.ContentLength);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        // The layout is laid for the requests the automatic budget starts with (20, where its first contact grows to): a
        // file download's head parts grow by up to a quarter, and its parts would shrink toward the end for a second
        // wave; 100 MiB goes in one wave.
        const long PartSize = 8 * 1024 * 1024;
        int connections = S3TransferManager.Scheduling.RequestBudget.AutomaticStart;
        var layout = new S3TransferManager.Parts.PartLayout(content.Length, PartSize, connections, PartSize + (PartSize / 4));
        Assert.Equal(layout.PartCount, s3.Handler.Gets.Count);
        Assert.InRange(layout.PartCount, 10, connections);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_PathBucketKeyOverload_DownloadsWithDefaults()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3000);
        await s3.PutAsync("object", content);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(s3.PathFor("o.bin"), s3.BucketName, "object");

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("o.bin")));
        Assert.Equal(3000, response.ContentLength);
        Assert.EndsWith("?partNumber=1", Assert.Single(s3.Handler.Gets).Uri.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_MissingFolder_CreatesIt()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(1000);
        await s3.PutAsync("object", content);
        string path = Path.Combine(s3.Folder, "a", "b", "c.bin");
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = path });

        Assert.Equal(content, await File.ReadAllBytesAsync(path));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ExistingDestination_IsReplaced()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((3 * 64 * 1024) + 5);
        await s3.PutAsync("object", content);
        string path = s3.PathFor("existing.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(90_000, seed: 7));
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "object", FilePath = path, PartSize = 64 * 1024 });

        Assert.Equal(content, await File.ReadAllBytesAsync(path));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_Metadata_IsReturned()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using var body = new MemoryStream(TestData.Payload(10));
        var put = new Amazon.S3.Model.PutObjectRequest { BucketName = s3.BucketName, Key = "m", InputStream = body, ContentType = "text/plain" };
        put.Metadata.Add("color", "blue");
        await s3.SetupClient.PutObjectAsync(put);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "m", FilePath = s3.PathFor("m") });

        Assert.Equal("blue", response.Metadata["color"]);
        Assert.NotNull(response.LastModified);
    }
}
