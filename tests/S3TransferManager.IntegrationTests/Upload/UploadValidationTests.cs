using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(MotoCollection.Name)]
public sealed class UploadValidationTests(MotoServer moto)
{
    public static TheoryData<string, Action<TransferUtilityUploadRequest>> BadRequests => new()
    {
        { "null bucket", r => r.BucketName = null },
        { "empty bucket", r => r.BucketName = "" },
        { "null key", r => r.Key = null },
        { "empty key", r => r.Key = "" },
        { "blank bucket", r => r.BucketName = " \t" },
        { "blank key", r => r.Key = "   " },
        { "neither file nor stream", r => r.FilePath = null },
        { "both file and stream", r => r.InputStream = new MemoryStream([1]) },
        { "blank file path", r => r.FilePath = "  " },
        { "part size below 5 MiB", r => r.PartSize = (5 * 1024 * 1024) - 1 },
        { "part size above 5 GiB", r => r.PartSize = (5L * 1024 * 1024 * 1024) + 1 },
        { "unsupported checksum", r => r.ChecksumAlgorithm = ChecksumAlgorithm.MD5 },
        { "two precomputed checksums", r => (r.ChecksumCRC32, r.ChecksumSHA256) = ("AAAAAA==", "AAAA") },
        { "precomputed checksum of another algorithm", r => (r.ChecksumAlgorithm, r.ChecksumCRC32C) = (ChecksumAlgorithm.CRC32, "AAAAAA==") },
        { "negative MpuObjectSize", r => r.MpuObjectSize = -1 },
        { "MpuObjectSize not the file's size", r => r.MpuObjectSize = 4 },
    };

    [Theory]
    [MemberData(nameof(BadRequests))]
    public async Task UploadWithResponseAsync_BadInput_ThrowsArgumentExceptionBeforeAnyRequest(string name, Action<TransferUtilityUploadRequest> spoil)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, [1, 2, 3]);
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path };
        spoil(request);
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.UploadWithResponseAsync(request));

        Assert.False(string.IsNullOrEmpty(error.ParamName), name);
        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadWithResponseAsync_StreamThatCannotBeRead_ThrowsArgumentExceptionBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var disposed = new MemoryStream([1, 2, 3]);
        await disposed.DisposeAsync();
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<ArgumentException>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = disposed }));

        Assert.Equal("InputStream", error.ParamName);
        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadWithResponseAsync_FilePathIsAFolder_ThrowsArgumentExceptionSayingSoBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<ArgumentException>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = s3.Folder }));

        Assert.Equal("FilePath", error.ParamName);
        Assert.Contains("names a folder", error.Message, StringComparison.Ordinal);
        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadWithResponseAsync_SeekableStreamLeftAtItsEndWithoutRewinding_ThrowsArgumentExceptionBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var written = new MemoryStream();
        written.Write([1, 2, 3]);   // position 3 of 3, and the caller turned rewinding off
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<ArgumentException>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = written, AutoResetStreamPosition = false }));

        Assert.Equal("InputStream", error.ParamName);
        Assert.Contains("at its end (position 3 of 3)", error.Message, StringComparison.Ordinal);
        Assert.Empty(s3.Handler.Requests);
    }

    [Fact]
    public async Task UploadWithResponseAsync_EmptySeekableStream_StoresAnEmptyObject()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream() });

        Assert.Equal(0, response.ContentLength);
        Assert.Equal(TestData.Sha256([]), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_MissingFile_ThrowsFileNotFoundBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string missing = s3.PathFor("missing.bin");
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAsync<FileNotFoundException>(() => utility.UploadWithResponseAsync(
            new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = missing }));

        Assert.Equal(missing, error.FileName);
        Assert.Empty(s3.Handler.Requests);
    }
}
