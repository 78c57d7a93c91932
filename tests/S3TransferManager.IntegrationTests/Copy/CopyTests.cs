using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Copy;

/// <summary>Server-side copies of objects boto3 wrote, read back by boto3, on moto.</summary>
[Collection(MotoCollection.Name)]
public sealed class CopyTests(MotoServer moto)
{
    private const long MiB = 1024 * 1024;
    private const long Threshold = 5 * MiB;

    [Theory]
    [InlineData(0L)]
    [InlineData(1L)]
    [InlineData(Threshold - 1)]
    [InlineData(Threshold)]
    [InlineData(Threshold + 1)]
    public async Task CopyWithResponseAsync_SizesAroundTheThreshold_ByteExactAsBoto3ReadsIt(long size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((int)size, seed: (int)(size % 97));
        string sourceETag = await WriteWithBoto3Async(s3, "src/object.bin", content);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold });

        TransferUtilityCopyResponse response = await utility.CopyWithResponseAsync(s3.BucketName, "src/object.bin", s3.BucketName, "dst/object.bin")
            .WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "dst/object.bin"));
        Assert.Equal(size, response.ContentLength);
        Assert.Equal(size >= Threshold, response.PartCount > 0);
        Assert.Equal(sourceETag, response.SourceETag);
    }

    [Fact]
    public async Task CopyWithResponseAsync_ManyPartsToAnotherBucketAndPrefix_ByteExactEveryRangeOnceAndPinned()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string otherBucket = "o-" + Guid.NewGuid().ToString("N")[..20];
        await s3.SetupClient.PutBucketAsync(otherBucket);
        byte[] content = TestData.Payload((int)(13 * Threshold) + 4321, seed: 9);
        string sourceETag = await WriteWithBoto3Async(s3, "in/big.bin", content);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold, ConcurrentServiceRequests = 4 });
        s3.Handler.Reset();

        TransferUtilityCopyResponse response = await utility.CopyWithResponseAsync(new TransferUtilityCopyRequest
        {
            SourceBucket = s3.BucketName, SourceKey = "in/big.bin", DestinationBucket = otherBucket, DestinationKey = "out/deeper/big.bin",
            PartSize = Threshold,
        }).WaitAsync(TimeSpan.FromMinutes(3));

        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, otherBucket, "out/deeper/big.bin"));
        RequestRecord[] parts = [.. s3.Handler.Requests.Where(r => r.Method == "PUT" && r.HasQuery("partNumber"))];
        Assert.Equal(14, response.PartCount);
        Assert.Equal(14, parts.Length);
        Assert.All(parts, p => Assert.Equal(sourceETag, p.Header("x-amz-copy-source-if-match")));
        Assert.Equal(
            Enumerable.Range(0, 14).Select(i => $"bytes={i * Threshold}-{Math.Min(((i + 1) * Threshold) - 1, content.Length - 1)}"),
            parts.Select(p => p.Header("x-amz-copy-source-range")!).OrderBy(r => long.Parse(r[6..r.IndexOf('-', StringComparison.Ordinal)],
                System.Globalization.CultureInfo.InvariantCulture)));
        Assert.Empty((await s3.SetupClient.ListMultipartUploadsAsync(otherBucket)).MultipartUploads ?? []);
    }

    [Theory]
    [InlineData(1000L)]
    [InlineData(Threshold + 1)]
    public async Task CopyWithResponseAsync_SameKeyInAnotherBucket_ByteExactSourceUntouched(long size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string otherBucket = "o-" + Guid.NewGuid().ToString("N")[..20];
        await s3.SetupClient.PutBucketAsync(otherBucket);
        byte[] content = TestData.Payload((int)size, seed: 5);
        await WriteWithBoto3Async(s3, "shared/key.bin", content);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold });

        await utility.CopyAsync(s3.BucketName, "shared/key.bin", otherBucket, "shared/key.bin").WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, otherBucket, "shared/key.bin"));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "shared/key.bin"));
    }

    [Fact]
    public async Task CopyWithResponseAsync_SourceOverwrittenMidCopy_ObjectModifiedNoOpenUploadNoDestination()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((int)(4 * Threshold), seed: 11);
        string sourceETag = await WriteWithBoto3Async(s3, "src.bin", content);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold, ConcurrentServiceRequests = 1 });
        int partsSeen = 0;
        s3.Handler.FaultRule = record => record.Method == "PUT" && record.HasQuery("partNumber") && Interlocked.Increment(ref partsSeen) == 2
            ? new Fault.Before(() => s3.PutAsync("src.bin", TestData.Payload((int)(4 * Threshold), seed: 12)))
            : null;

        ObjectModifiedException error = await Assert.ThrowsAsync<ObjectModifiedException>(() => utility.CopyWithResponseAsync(new TransferUtilityCopyRequest
        {
            SourceBucket = s3.BucketName, SourceKey = "src.bin", DestinationBucket = s3.BucketName, DestinationKey = "dst.bin", PartSize = Threshold,
        }).WaitAsync(TimeSpan.FromMinutes(2)));

        Assert.Equal(sourceETag, error.ExpectedETag);
        Assert.Empty((await s3.SetupClient.ListMultipartUploadsAsync(s3.BucketName)).MultipartUploads ?? []);
        Assert.DoesNotContain((await s3.SetupClient.ListObjectsV2Async(new ListObjectsV2Request { BucketName = s3.BucketName })).S3Objects,
            o => o.Key == "dst.bin");
    }

    [Theory]
    [InlineData(1000L)]
    [InlineData(Threshold + 10)]
    public async Task CopyWithResponseAsync_CopyDirectives_KeepTheMetadataHeadersAndTagsBoto3Stored(long size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await WriteWithBoto3Async(s3, "src.txt", TestData.Payload((int)size), contentType: "text/csv",
            metadata: new Dictionary<string, string> { ["owner"] = "ana", ["stage"] = "raw" }, cacheControl: "max-age=60", tagging: "team=blue&tier=1");
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold });

        await utility.CopyAsync(s3.BucketName, "src.txt", s3.BucketName, "dst.txt").WaitAsync(TimeSpan.FromMinutes(2));

        System.Text.Json.JsonElement head = await Boto3HeadReader.HeadAsync(moto, s3.BucketName, "dst.txt");
        Assert.Equal("text/csv", head.Text("ContentType"));
        Assert.Equal("max-age=60", head.Text("CacheControl"));
        Assert.Equal("ana", head.GetProperty("Metadata").GetProperty("owner").GetString());
        Assert.Equal("raw", head.GetProperty("Metadata").GetProperty("stage").GetString());
        Assert.Equal("blue", head.GetProperty("Tags").GetProperty("team").GetString());
        Assert.Equal("1", head.GetProperty("Tags").GetProperty("tier").GetString());
    }

    [Theory]
    [InlineData(1000L)]
    [InlineData(Threshold + 10)]
    public async Task CopyWithResponseAsync_ReplaceDirectives_StoreOnlyTheRequestsMetadataAndTags(long size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await WriteWithBoto3Async(s3, "src.txt", TestData.Payload((int)size), contentType: "text/csv",
            metadata: new Dictionary<string, string> { ["owner"] = "ana" }, tagging: "team=blue");
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold });
        var request = new TransferUtilityCopyRequest
        {
            SourceBucket = s3.BucketName, SourceKey = "src.txt", DestinationBucket = s3.BucketName, DestinationKey = "dst.txt",
            MetadataDirective = S3MetadataDirective.REPLACE, ContentType = "application/json",
            TaggingDirective = TaggingDirective.REPLACE, TagSet = [new Tag { Key = "stage", Value = "published" }],
        };
        request.Metadata["reviewer"] = "bo";

        await utility.CopyAsync(request).WaitAsync(TimeSpan.FromMinutes(2));

        System.Text.Json.JsonElement head = await Boto3HeadReader.HeadAsync(moto, s3.BucketName, "dst.txt");
        Assert.Equal("application/json", head.Text("ContentType"));
        Assert.Equal(["reviewer"], head.GetProperty("Metadata").EnumerateObject().Select(p => p.Name));
        Assert.Equal("bo", head.GetProperty("Metadata").GetProperty("reviewer").GetString());
        Assert.Equal(["stage"], head.GetProperty("Tags").EnumerateObject().Select(p => p.Name));
    }

    [Fact]
    public async Task CopyWithResponseAsync_AnyCopy_AsksS3ForACrc64NvmeOfTheDestination()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await WriteWithBoto3Async(s3, "a.bin", TestData.Payload(100));
        await WriteWithBoto3Async(s3, "b.bin", TestData.Payload((int)Threshold + 1));
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = Threshold });
        s3.Handler.Reset();

        await utility.CopyAsync(s3.BucketName, "a.bin", s3.BucketName, "a2.bin").WaitAsync(TimeSpan.FromMinutes(2));
        await utility.CopyAsync(s3.BucketName, "b.bin", s3.BucketName, "b2.bin").WaitAsync(TimeSpan.FromMinutes(2));

        RequestRecord copyObject = s3.Handler.Requests.Single(r => r.Method == "PUT" && r.Header("x-amz-copy-source") is not null && !r.HasQuery("partNumber"));
        RequestRecord create = s3.Handler.Requests.Single(r => r.Method == "POST" && r.HasQuery("uploads"));
        Assert.Equal("CRC64NVME", copyObject.Header("x-amz-checksum-algorithm"));
        Assert.Equal("CRC64NVME", create.Header("x-amz-checksum-algorithm"));
        Assert.Equal("FULL_OBJECT", create.Header("x-amz-checksum-type"));
    }

    private async Task<string> WriteWithBoto3Async(S3TestContext s3, string key, byte[] content, string contentType = "application/octet-stream",
        IReadOnlyDictionary<string, string>? metadata = null, string? cacheControl = null, string? tagging = null)
    {
        string file = s3.PathFor(Guid.NewGuid().ToString("N"));
        await File.WriteAllBytesAsync(file, content);
        return await Boto3Writer.UploadFileAsync(moto, s3.BucketName, key, file, contentType, metadata, cacheControl, tagging);
    }
}
