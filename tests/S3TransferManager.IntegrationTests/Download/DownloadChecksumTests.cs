using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>
/// Download integrity against moto: objects stored with a checksum are validated on download (to a file, as a stream,
/// per object of a directory), a corrupted byte is caught and nothing is written. CRC32 throughout: moto computes
/// CRC32C and CRC64NVME of multipart objects wrongly (it falls back to CRC32 without its optional libraries).
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadChecksumTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;
    private const int DownloadPartSize = MiB;

    [Fact]
    public async Task DownloadWithResponseAsync_MultipartObjectWithFullObjectCrc_ValidatesTheCombinedPartCrcs()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "k", (11 * MiB) + 5, ChecksumAlgorithm.CRC32);
        using TransferUtility utility = s3.CreateRangedUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, "k", s3.PathFor("out")));

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("out")));
        ChecksumValidationResult validation = response.ChecksumValidation!;
        Assert.True(validation.Validated, validation.NotValidatedReason);
        Assert.Equal(ChecksumAlgorithm.CRC32, validation.Algorithm);
        Assert.Equal(ChecksumType.FULL_OBJECT, validation.ChecksumType);
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content), validation.Checksum);
        Assert.Single(s3.Handler.Requests, r => r.Method == "HEAD");
    }

    [Fact]
    public async Task DownloadWithResponseAsync_FlippedByteInAPart_ThrowsChecksumMismatchAndLeavesTheDestinationUntouched()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "k", (11 * MiB) + 5, ChecksumAlgorithm.CRC32);
        string destination = s3.PathFor("out");
        await File.WriteAllTextAsync(destination, "the previous version");
        s3.Handler.FaultRule = r => r.Range == $"bytes={7 * MiB}-{(8 * MiB) - 1}" ? new Fault.FlipByte(12345) : null;
        using TransferUtility utility = s3.CreateRangedUtility();

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => utility.DownloadWithResponseAsync(Request(s3, "k", destination)));

        Assert.Equal(("CRC32", s3.BucketName, "k"), (error.Algorithm, error.BucketName, error.Key));
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content), error.Expected);
        Assert.Equal("the previous version", await File.ReadAllTextAsync(destination));
        Assert.Equal(["out"], Directory.GetFiles(s3.Folder).Select(Path.GetFileName));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_FlippedByteInTheWholeObjectsAnswer_ThrowsChecksumMismatchAndLeavesTheDestinationUntouched()
    {
        // moto answers part 1 by number with the whole object and its stored checksum: one body, checked as it is read on.
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "k", (11 * MiB) + 5, ChecksumAlgorithm.CRC32);
        string destination = s3.PathFor("out");
        await File.WriteAllTextAsync(destination, "the previous version");
        s3.Handler.FaultRule = r => r.IsGet && r.Range is null ? new Fault.FlipByte((9 * MiB) + 3) : null;
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => utility.DownloadWithResponseAsync(Request(s3, "k", destination)));

        Assert.Equal(("CRC32", s3.BucketName, "k"), (error.Algorithm, error.BucketName, error.Key));
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content), error.Expected);
        Assert.Equal("the previous version", await File.ReadAllTextAsync(destination));
        Assert.Equal(["out"], Directory.GetFiles(s3.Folder).Select(Path.GetFileName));
        Assert.Single(s3.Handler.Gets);
    }

    [Fact]
    public async Task OpenStream_ReadToTheEnd_ReportsTheValidatedChecksum()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "k", (11 * MiB) + 5, ChecksumAlgorithm.CRC32);
        using TransferUtility utility = s3.CreateUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "k", PartSize = DownloadPartSize });
        Assert.Null(response.ChecksumValidation);
        byte[] read = await StreamReading.ReadAllAsync(response.ResponseStream, "65536");

        Assert.Equal(content, read);
        Assert.True(response.ChecksumValidation?.Validated, response.ChecksumValidation?.NotValidatedReason);
    }

    [Theory]
    [InlineData("stream")]
    [InlineData("pipe")]
    public async Task OpenStream_FlippedByte_TheReadThatReachesTheEndThrowsInsteadOfReturningZero(string reader)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "k", (6 * MiB) + 5, ChecksumAlgorithm.CRC32);
        s3.Handler.FaultRule = r => r.Range == $"bytes={2 * MiB}-{(3 * MiB) - 1}" ? new Fault.FlipByte(7) : null;
        using TransferUtility utility = s3.CreateRangedUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "k", PartSize = DownloadPartSize });
        long delivered = 0;
        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(async () =>
        {
            if (reader == "pipe")
            {
                while (true)
                {
                    System.IO.Pipelines.ReadResult result = await response.PipeReader.ReadAsync();
                    delivered += result.Buffer.Length;
                    response.PipeReader.AdvanceTo(result.Buffer.End);
                    Assert.False(result.IsCompleted, "the pipe reported a clean end");
                }
            }

            var buffer = new byte[64 * 1024];
            int read;
            while ((read = await response.ResponseStream.ReadAsync(buffer)) > 0)
            {
                delivered += read;
            }

            Assert.Fail("the stream reported a clean end");
        });

        // Every byte was handed out (the reader cannot know before the end), and the end was never reported.
        Assert.Equal(content.Length, delivered);
        Assert.Equal("CRC32", error.Algorithm);
        await Assert.ThrowsAsync<ChecksumMismatchException>(async () =>
        {
            if (reader == "pipe")
            {
                await response.PipeReader.ReadAsync();
            }
            else
            {
                _ = await response.ResponseStream.ReadAsync(new byte[1]);
            }
        });
    }

    [Fact]
    public async Task DownloadWithResponseAsync_OnePartObjectWithChecksum_ValidatesIt()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "small", 300_000, ChecksumAlgorithm.SHA256);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, "small", s3.PathFor("out")));

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("out")));
        Assert.True(response.ChecksumValidation!.Validated, response.ChecksumValidation.NotValidatedReason);
        Assert.Equal(ChecksumAlgorithm.SHA256, response.ChecksumValidation.Algorithm);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ObjectWithoutChecksum_SucceedsAndSaysWhyNothingWasValidated()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("plain", TestData.Payload(3 * MiB));
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, "plain", s3.PathFor("out")));

        Assert.False(response.ChecksumValidation!.Validated);
        Assert.Contains("no checksum", response.ChecksumValidation.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ValidationTurnedOff_SendsNoHeadAndDoesNotDetectTheFlip()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await UploadAsync(s3, "k", 3 * MiB, ChecksumAlgorithm.CRC32);
        s3.Handler.FaultRule = r => r.Range == $"bytes={MiB}-{(2 * MiB) - 1}" ? new Fault.FlipByte(1) : null;
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ValidateDownloadChecksums = false });

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, "k", s3.PathFor("out")));

        Assert.False(response.ChecksumValidation!.Validated);
        Assert.DoesNotContain(s3.Handler.Requests, r => r.Method == "HEAD");
    }

    [Fact]
    public async Task DownloadWithResponseAsync_CompositeChecksumWithoutListedParts_SucceedsUnvalidated()
    {
        // moto keeps SHA256 multipart checksums composite but its HEAD reports the bare value (no "-N", no type), which
        // reads as a full-object SHA256; that cannot be combined from parts. Either way the download says why rather
        // than fail (with a real composite, the parts' checksums are checked when they line up: see the unit tests).
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadAsync(s3, "k", (11 * MiB) + 5, ChecksumAlgorithm.SHA256);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, "k", s3.PathFor("out")));

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("out")));
        Assert.False(response.ChecksumValidation!.Validated);
        Assert.Contains("SHA256", response.ChecksumValidation.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DownloadDirectoryAsync_SmallObjectsWithChecksums_ValidatedWithoutAnyHeadAndAFlipFailsItsObject()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        for (int i = 0; i < 5; i++)
        {
            await UploadAsync(s3, $"dir/f{i}", 10_000 + i, ChecksumAlgorithm.CRC32);
        }

        s3.Handler.Reset();
        s3.Handler.FaultRule = r => r.IsGet && r.Uri.AbsolutePath.EndsWith("/dir/f3", StringComparison.Ordinal) ? new Fault.FlipByte(100) : null;
        using TransferUtility utility = s3.CreateUtility();
        string local = s3.PathFor("local");

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = local, FailurePolicy = FailurePolicy.ContinueOnFailure,
        });

        Assert.Equal(4, response.ObjectsDownloaded);
        Exception only = Assert.Single(response.Errors);
        Assert.True(only is ChecksumMismatchException, only.ToString());
        Assert.False(File.Exists(Path.Combine(local, "f3")));
        Assert.DoesNotContain(s3.Handler.Requests, r => r.Method == "HEAD");
    }

    private static TransferUtilityDownloadRequest Request(S3TestContext s3, string key, string path) =>
        new() { BucketName = s3.BucketName, Key = key, FilePath = path, PartSize = DownloadPartSize };

    /// <summary>Uploads through the library (5 MiB parts above 5 MiB), which stores a full-object CRC or a composite
    /// SHA, and returns the content.</summary>
    private static async Task<byte[]> UploadAsync(S3TestContext s3, string key, int size, ChecksumAlgorithm algorithm)
    {
        byte[] content = TestData.Payload(size, seed: key.Length + size);
        string path = s3.PathFor($"upload-{Guid.NewGuid():N}");
        await File.WriteAllBytesAsync(path, content);
        using (var uploader = new TransferUtility(s3.SetupClient, new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB }))
        {
            await uploader.UploadWithResponseAsync(new TransferUtilityUploadRequest
            {
                BucketName = s3.BucketName, Key = key, FilePath = path, PartSize = 5 * MiB, ChecksumAlgorithm = algorithm,
            });
        }

        File.Delete(path);
        return content;
    }
}
