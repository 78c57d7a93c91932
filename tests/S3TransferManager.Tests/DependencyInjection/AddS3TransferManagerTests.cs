using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Moq;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.DependencyInjection;

public sealed class AddS3TransferManagerTests
{
    private readonly Mock<IAmazonS3> _s3 = new();

    [Fact]
    public void AddS3TransferManager_ResolvedTwiceAndFromAScope_GivesOneSharedUtility()
    {
        using ServiceProvider provider = Services().AddS3TransferManager().BuildServiceProvider(validateScopes: true);
        using IServiceScope scope = provider.CreateScope();

        TransferUtility first = provider.GetRequiredService<TransferUtility>();

        Assert.Same(first, provider.GetRequiredService<TransferUtility>());
        Assert.Same(first, scope.ServiceProvider.GetRequiredService<TransferUtility>());
    }

    [Fact]
    public void AddS3TransferManager_ITransferUtility_IsTheSameSharedUtility()
    {
        using ServiceProvider provider = Services().AddS3TransferManager().BuildServiceProvider(validateScopes: true);

        Assert.Same(provider.GetRequiredService<TransferUtility>(), provider.GetRequiredService<ITransferUtility>());
    }

    [Fact]
    public async Task AddS3TransferManager_ConfigureLowersTheMultipartThreshold_UploadGoesThroughTheContainersClientAsMultipart()
    {
        // A 10-byte upload is one PutObject by default (16 MiB threshold); with the threshold at 5 bytes it must start
        // a multipart upload, on the client the container holds.
        var sentinel = new AmazonS3Exception("stop after initiate");
        _s3.Setup(s3 => s3.InitiateMultipartUploadAsync(It.IsAny<InitiateMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(sentinel);
        using ServiceProvider provider = Services().AddS3TransferManager(options => options.MinSizeBeforePartUpload = 5).BuildServiceProvider();
        TransferUtility utility = provider.GetRequiredService<TransferUtility>();
        using var body = new MemoryStream(TestData.Bytes(10));

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.UploadAsync(body, "bucket", "key"));

        Assert.Same(sentinel, thrown);
        _s3.Verify(s3 => s3.PutObjectAsync(It.IsAny<PutObjectRequest>(), It.IsAny<CancellationToken>()), Times.Never);
    }

    [Fact]
    public void AddS3TransferManager_OptionOutOfRange_ResolutionThrowsArgumentOutOfRange()
    {
        using ServiceProvider provider = Services().AddS3TransferManager(options => options.ConcurrentServiceRequests = 0).BuildServiceProvider();

        var thrown = Assert.Throws<ArgumentOutOfRangeException>(() => provider.GetRequiredService<TransferUtility>());

        Assert.Equal(nameof(TransferUtilityConfig.ConcurrentServiceRequests), thrown.ParamName);
    }

    [Fact]
    public void AddS3TransferManager_NoClientRegistered_ResolutionThrowsNamingIAmazonS3()
    {
        using ServiceProvider provider = new ServiceCollection().AddS3TransferManager().BuildServiceProvider();

        var thrown = Assert.Throws<InvalidOperationException>(() => provider.GetRequiredService<TransferUtility>());

        Assert.Contains("IAmazonS3", thrown.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AddS3TransferManager_ContainerHasLogging_UtilityCreatesItsLoggerFromTheContainersFactory()
    {
        var categories = new RecordingLoggerProvider();
        using ServiceProvider provider = Services()
            .AddLogging(logging => logging.AddProvider(categories))
            .AddS3TransferManager()
            .BuildServiceProvider();

        provider.GetRequiredService<TransferUtility>();

        Assert.Contains("S3TransferManager", categories.Categories);
    }

    [Fact]
    public void AddS3TransferManager_ConfigurationSectionBoundBeforehand_SettingsReachTheOptions()
    {
        IConfiguration configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["S3Transfer:ConcurrentServiceRequests"] = "16",
            ["S3Transfer:BodyStallTimeout"] = "00:01:00",
            ["S3Transfer:FlushToDisk"] = "true",
        }).Build();
        ServiceCollection services = Services();
        services.Configure<TransferUtilityConfig>(configuration.GetSection("S3Transfer"));
        using ServiceProvider provider = services.AddS3TransferManager().BuildServiceProvider();

        TransferUtilityConfig options = provider.GetRequiredService<IOptions<TransferUtilityConfig>>().Value;

        Assert.Equal((16, TimeSpan.FromMinutes(1), true), (options.ConcurrentServiceRequests, options.BodyStallTimeout, options.FlushToDisk));
    }

    [Fact]
    public async Task AddS3TransferManager_ContainerDisposed_DisposesTheUtilityButNotTheClient()
    {
        ServiceProvider provider = Services().AddS3TransferManager().BuildServiceProvider();
        TransferUtility utility = provider.GetRequiredService<TransferUtility>();

        provider.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(() => utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = "b", Key = "k", FilePath = "/tmp/x" }));
        _s3.Verify(s3 => s3.Dispose(), Times.Never);
    }

    [Fact]
    public void AddS3TransferManager_UtilityRegisteredBefore_KeepsThatRegistration()
    {
        using var own = new TransferUtility(_s3.Object);
        ServiceCollection services = Services();
        services.AddSingleton(own);

        using ServiceProvider provider = services.AddS3TransferManager().BuildServiceProvider();

        Assert.Same(own, provider.GetRequiredService<TransferUtility>());
    }

    // The client as an instance: the container does not dispose instances it was handed, so the last test checks
    // what the utility does to it, not what the container does.
    private ServiceCollection Services()
    {
        var services = new ServiceCollection();
        services.AddSingleton(_s3.Object);
        return services;
    }
}
