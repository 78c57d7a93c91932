using Amazon.S3;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Testing;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.InMemoryS3;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>
/// Downloads from an endpoint that describes checksums as moto does (a composite value bare in the HEAD, no parts in
/// GetObjectAttributes): the stored value's type is inferred from the bytes, fast and without moto. A correct object is
/// validated by the reading that matches; a flipped byte matches none and is reported as not validated, with one
/// Warning line, never as a mismatch; a stated full-object type still makes a flip a mismatch.
/// </summary>
public sealed class InferredChecksumDownloadTests(MotoStyleInMemoryS3Fixture fixture) : IClassFixture<MotoStyleInMemoryS3Fixture>
{
    private const int MiB = 1024 * 1024;
    private const int StoredPartSize = 5 * MiB;

    [Fact]
    public async Task DownloadWithResponseAsync_CompositeSentBare_ValidatedByTheInferredCompositeWithOneHeadAndNoAttributes()
    {
        (string bucket, byte[] content, string composite) = await UploadCompositeAsync(ChecksumAlgorithm.CRC32, seed: 71);
        fixture.Server.ResetCounters();
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client);
        string path = TempPath();
        try
        {
            TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
                new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path });

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
            ChecksumValidationResult validation = response.ChecksumValidation!;
            Assert.True(validation.Validated, validation.NotValidatedReason);
            Assert.Equal((true, ChecksumType.COMPOSITE, composite, (long?)StoredPartSize),
                (validation.IsInferred, validation.ChecksumType, validation.Checksum, validation.InferredPartSize));
            Assert.Equal((1, 0), (fixture.Server.GetRequestCount(S3Operation.HeadObject), fixture.Server.GetRequestCount(S3Operation.GetObjectAttributes)));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory]
    [InlineData("stream")]
    [InlineData("pipe")]
    public async Task OpenStream_CompositeSentBare_ValidatedByTheInferredCompositeOnTheLastRead(string reader)
    {
        (string bucket, byte[] content, string composite) = await UploadCompositeAsync(ChecksumAlgorithm.CRC32C, seed: 72);
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client);

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = bucket, Key = "k", PartSize = 3 * MiB });
        byte[] read = reader == "pipe" ? await StreamReading.ReadAllAsync(response.PipeReader) : await StreamReading.ReadAllAsync(response.ResponseStream, "65536");

        Assert.Equal(content, read);
        Assert.True(response.ChecksumValidation!.Validated, response.ChecksumValidation.NotValidatedReason);
        Assert.Equal((true, composite), (response.ChecksumValidation.IsInferred, response.ChecksumValidation.Checksum));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_CompositeSentBareAndAFlippedByte_SucceedsNotValidatedWithOneWarning()
    {
        (string bucket, byte[] content, _) = await UploadCompositeAsync(ChecksumAlgorithm.CRC32, seed: 73);
        var handler = new RecordingHandler { FaultRule = r => r.IsGet && r.Range?.StartsWith($"bytes={8 * MiB}-", StringComparison.Ordinal) == true ? new Fault.FlipByte(5) : null };
        using AmazonS3Client client = S3TestContext.CreateClient(fixture.Server.ServiceUrl, new RecordingHttpClientFactory(handler));
        using var logs = new FakeLoggerProvider();
        using ILoggerFactory loggerFactory = LoggerFactory.Create(builder => builder.AddProvider(logs).SetMinimumLevel(LogLevel.Debug));
        using var utility = new TransferUtility(client, null, loggerFactory, new EngineTuning { OpenByPartNumber = false });
        string path = TempPath();
        try
        {
            TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
                new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path });

            byte[] received = await File.ReadAllBytesAsync(path);
            Assert.Equal(content[(8 * MiB) + 5] ^ 0xFF, received[(8 * MiB) + 5]);
            Assert.False(response.ChecksumValidation!.Validated);
            Assert.StartsWith("the stored checksum's type is not stated and no reading of it matched", response.ChecksumValidation.NotValidatedReason,
                StringComparison.Ordinal);
            FakeLogRecord warning = Assert.Single(logs.Collector.GetSnapshot(), r => r.Level >= LogLevel.Warning);
            Assert.Contains("no reading of it matched", warning.Message, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task DownloadWithResponseAsync_OwnUploadWithStatedFullObjectTypeAndAFlippedByte_ThrowsChecksumMismatch()
    {
        // The library's multipart uploads send FULL_OBJECT when they start, which moto keeps and states in its HEAD.
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * StoredPartSize) + 77, seed: 74);
        using AmazonS3Client setup = fixture.CreateClient();
        using (var uploader = new TransferUtility(setup, new TransferUtilityConfig { MinSizeBeforePartUpload = StoredPartSize }))
        {
            await uploader.UploadWithResponseAsync(new TransferUtilityUploadRequest
            {
                BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), PartSize = StoredPartSize, ChecksumAlgorithm = ChecksumAlgorithm.CRC32,
            });
        }

        var handler = new RecordingHandler { FaultRule = r => r.IsGet && r.Range?.StartsWith("bytes=0-", StringComparison.Ordinal) == true ? new Fault.FlipByte(99) : null };
        using AmazonS3Client client = S3TestContext.CreateClient(fixture.Server.ServiceUrl, new RecordingHttpClientFactory(handler));
        using var utility = S3TestContext.CreateRangedUtility(client);
        string path = TempPath();

        await Assert.ThrowsAsync<ChecksumMismatchException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = bucket, Key = "k", FilePath = path }));

        Assert.False(File.Exists(path));
    }

    private async Task<(string Bucket, byte[] Content, string Composite)> UploadCompositeAsync(ChecksumAlgorithm algorithm, int seed)
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((3 * StoredPartSize) + 4321, seed);
        using AmazonS3Client client = fixture.CreateClient();
        string bare = await CompositeUpload.RunAsync(client, bucket, "k", content, StoredPartSize, algorithm: algorithm);
        Assert.DoesNotContain('-', bare);
        return (bucket, content, bare + "-4");
    }

    private static string TempPath() => Path.Combine(Path.GetTempPath(), "inferred-" + Guid.NewGuid().ToString("N"));
}
