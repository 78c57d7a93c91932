using Amazon;
using Amazon.S3;
using Moq;

namespace S3TransferManager.Tests;

public sealed class TransferUtilityInterfaceTests
{
    [Fact]
    public void S3Client_CallersClient_IsTheOneGivenAndNotDisposedWithTheUtility()
    {
        var s3 = new Mock<IAmazonS3>();
        ITransferUtility utility = new TransferUtility(s3.Object);

        IAmazonS3 client = utility.S3Client;
        utility.Dispose();

        Assert.Same(s3.Object, client);
        s3.Verify(c => c.Dispose(), Times.Never);
    }

    [Fact]
    public async Task Dispose_UtilityMadeItsOwnClient_DisposesThatClient()
    {
        var utility = new TransferUtility("key", "secret", RegionEndpoint.USEast1);
        var client = (AmazonS3Client)utility.S3Client;

        utility.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(() => client.ListBucketsAsync());
    }

    [Fact]
    public void S3Client_UtilityMadeItsOwnClient_CopiesBodiesThrough64KiB()
    {
        using var utility = new TransferUtility("key", "secret", RegionEndpoint.USEast1);

        Assert.Equal(64 * 1024, ((AmazonS3Client)utility.S3Client).Config.BufferSize);
        Assert.Equal(RegionEndpoint.USEast1, ((AmazonS3Client)utility.S3Client).Config.RegionEndpoint);
    }

    [Fact]
    public async Task UploadAsync_MockedInterface_IsTheSeamCallersStubInTheirTests()
    {
        var utility = new Mock<ITransferUtility>(MockBehavior.Strict);
        utility.Setup(u => u.UploadAsync("report.csv", "bucket", It.IsAny<CancellationToken>())).Returns(Task.CompletedTask);

        await new ReportPublisher(utility.Object).PublishAsync("report.csv");

        utility.VerifyAll();
    }

    /// <summary>App code of the kind that takes the interface, to be tested with a mock.</summary>
    private sealed class ReportPublisher(ITransferUtility transfer)
    {
        public Task PublishAsync(string path) => transfer.UploadAsync(path, "bucket");
    }
}
