using Amazon.S3;
using Moq;

namespace S3TransferManager.Tests;

public sealed class TransferUtilityConfigTests
{
    public static TheoryData<string, TransferUtilityConfig> BadConfigs => new()
    {
        { "no concurrency", new TransferUtilityConfig { ConcurrentServiceRequests = 0 } },
        { "no threshold", new TransferUtilityConfig { MinSizeBeforePartUpload = 0 } },
        { "negative retries", new TransferUtilityConfig { InterruptedBodyRetryAttempts = -1 } },
        { "negative delay", new TransferUtilityConfig { InterruptedBodyRetryDelay = TimeSpan.FromSeconds(-1) } },
    };

    [Theory]
    [MemberData(nameof(BadConfigs))]
    public void Constructor_OutOfRangeSetting_ThrowsArgumentOutOfRange(string name, TransferUtilityConfig config)
    {
        var error = Assert.Throws<ArgumentOutOfRangeException>(() => new TransferUtility(Mock.Of<IAmazonS3>(), config));

        Assert.False(string.IsNullOrEmpty(error.ParamName), name);
    }

    [Fact]
    public void Constructor_NullClient_ThrowsArgumentNull()
    {
        Assert.Throws<ArgumentNullException>(() => new TransferUtility((IAmazonS3)null!));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_AfterDispose_ThrowsObjectDisposed()
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        var utility = new TransferUtility(s3.Object);
        utility.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = "b", Key = "k", FilePath = "/tmp/x" }));
    }

    [Fact]
    public void Defaults_AreDocumentedValues()
    {
        var config = new TransferUtilityConfig();

        Assert.Equal(10, config.ConcurrentServiceRequests);
        Assert.Equal(16L * 1024 * 1024, config.MinSizeBeforePartUpload);
        Assert.Equal(3, config.InterruptedBodyRetryAttempts);
        Assert.False(config.FlushToDisk);
    }
}
