using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

/// <summary>Which uploads get whole-wave part sizes: only those whose caller left PartSize alone, on a fixed budget.</summary>
public sealed class UploadWavesTests
{
    private const int MiB = 1024 * 1024;

    // 20 MiB in the default 8 MiB parts is 3 parts (8, 8, 4); on 4 connections, whole waves are 4 parts of 5 MiB.
    private const int Length = 20 * MiB;

    [Fact]
    public async Task ExecuteAsync_SeekableStreamWithDefaultPartSize_SendsOneWholeWave()
    {
        var s3 = new FakeUploadS3();

        TransferUtilityUploadResponse response = await RunAsync(s3, new TransferUtilityUploadRequest());

        Assert.Equal(4, response.PartCount);
    }

    [Fact]
    public async Task ExecuteAsync_ExplicitPartSize_KeepsIt()
    {
        var s3 = new FakeUploadS3();

        TransferUtilityUploadResponse response = await RunAsync(s3, new TransferUtilityUploadRequest { PartSize = 8 * MiB });

        Assert.Equal(3, response.PartCount);
    }

    [Fact]
    public async Task ExecuteAsync_AdaptiveConcurrency_KeepsTheDefaultPartSize()
    {
        var s3 = new FakeUploadS3();

        TransferUtilityUploadResponse response = await RunAsync(s3, new TransferUtilityUploadRequest(), maxConcurrentServiceRequests: 8);

        Assert.Equal(3, response.PartCount);
    }

    [Fact]
    public void ForFile_DirectoryPartSizeLeftUnset_LeavesTheFilesPartSizeUnset()
    {
        var directory = new TransferUtilityUploadDirectoryRequest { BucketName = "b", Directory = "." };

        Assert.False(directory.ForFile("a.bin", "a.bin").PartSizeIsExplicit);
    }

    [Fact]
    public void ForFile_DirectoryPartSizeSet_SetsTheFilesPartSize()
    {
        var directory = new TransferUtilityUploadDirectoryRequest { BucketName = "b", Directory = ".", PartSize = 6 * MiB };

        TransferUtilityUploadRequest file = directory.ForFile("a.bin", "a.bin");

        Assert.True(file.PartSizeIsExplicit);
        Assert.Equal(6 * MiB, file.PartSize);
    }

    private static async Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, TransferUtilityUploadRequest request, int? maxConcurrentServiceRequests = null)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 4, MaxConcurrentServiceRequests = maxConcurrentServiceRequests }.Validated();
        request.BucketName = "b";
        request.Key = "k";
        request.InputStream = new MemoryStream(TestData.Bytes(Length));
        request.Validate();
        var resources = new S3TransferManager.Internal.TransferResources(s3.Mock.Object, config, NullLogger.Instance);
        using (resources.Tuner)
        {
            return await new UploadCommand(resources, request).ExecuteAsync(CancellationToken.None);
        }
    }
}
