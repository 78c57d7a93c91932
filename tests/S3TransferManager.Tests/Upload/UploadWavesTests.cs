using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Upload;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Upload;

/// <summary>Which uploads get whole-wave part sizes: those whose caller left PartSize alone, in waves of the fixed
/// budget or of where the automatic budget starts.</summary>
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
    public async Task ExecuteAsync_AutomaticBudgetCappedByAnExplicitBudget_SendsWholeWavesOfThatBudget()
    {
        var s3 = new FakeUploadS3();

        // An explicit ConcurrentServiceRequests caps where the automatic budget starts: 4 parts of 5 MiB, as fixed.
        TransferUtilityUploadResponse response = await RunAsync(s3, new TransferUtilityUploadRequest(), maxConcurrentServiceRequests: 8);

        Assert.Equal(4, response.PartCount);
    }

    [Fact]
    public async Task ExecuteAsync_AutomaticBudget_SendsWholeWavesOfWhereItStarts()
    {
        // 60 MiB is 8 parts of 8 MiB. A fixed budget of 10 splits it into 10 parts of 6 MiB; the automatic budget
        // starts at 20, so as many parts as S3's 5 MiB minimum allows: 12.
        var fixedTen = new TransferUtilityConfig { ConcurrentServiceRequests = 10 };
        var automatic = new TransferUtilityConfig();

        TransferUtilityUploadResponse fixedResponse = await RunAsync(new FakeUploadS3(), new TransferUtilityUploadRequest(), fixedTen, 60 * MiB);
        TransferUtilityUploadResponse automaticResponse = await RunAsync(new FakeUploadS3(), new TransferUtilityUploadRequest(), automatic, 60 * MiB);

        Assert.Equal(10, fixedResponse.PartCount);
        Assert.Equal(12, automaticResponse.PartCount);
    }

    [Fact]
    public void ForFile_DirectoryPartSizeLeftUnset_LeavesTheFilesPartSizeUnset()
    {
        var directory = new TransferUtilityUploadDirectoryRequest { BucketName = "b", Directory = "." };

        Assert.Null(directory.ForFile("a.bin", "a.bin").PartSize);
    }

    [Fact]
    public void ForFile_DirectoryPartSizeSet_SetsTheFilesPartSize()
    {
        var directory = new TransferUtilityUploadDirectoryRequest { BucketName = "b", Directory = ".", PartSize = 6 * MiB };

        TransferUtilityUploadRequest file = directory.ForFile("a.bin", "a.bin");

        Assert.Equal(6 * MiB, file.PartSize);
    }

    private static Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, TransferUtilityUploadRequest request, int? maxConcurrentServiceRequests = null) =>
        RunAsync(s3, request, new TransferUtilityConfig { ConcurrentServiceRequests = 4, MaxConcurrentServiceRequests = maxConcurrentServiceRequests }, Length);

    private static async Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, TransferUtilityUploadRequest request, TransferUtilityConfig config, int length)
    {
        request.BucketName = "b";
        request.Key = "k";
        request.InputStream = new MemoryStream(TestData.Bytes(length));
        request.Validate();
        var resources = new S3TransferManager.TransferResources(s3.Mock.Object, config.Validated(), NullLogger.Instance);
        return await new UploadCommand(resources, request).ExecuteAsync(CancellationToken.None);
    }
}
