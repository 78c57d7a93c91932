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

        Assert.Null(config.ConcurrentServiceRequests);
        Assert.Equal(16L * 1024 * 1024, config.MinSizeBeforePartUpload);
        Assert.Equal(3, config.InterruptedBodyRetryAttempts);
        Assert.False(config.FlushToDisk);
        Assert.Null(config.MaxConcurrentServiceRequests);
    }

    [Fact]
    public void Validated_MaxConcurrentServiceRequestsBelowOne_Throws()
    {
        var config = new TransferUtilityConfig { MaxConcurrentServiceRequests = 0 };

        Assert.Throws<ArgumentOutOfRangeException>(() => config.Validated());
    }

    [Theory]
    [InlineData(0L)]
    [InlineData(-1L)]
    [InlineData(long.MinValue)]
    public void Validated_MaxBytesPerSecondBelowOne_ThrowsNamingIt(long cap)
    {
        var config = new TransferUtilityConfig { MaxBytesPerSecond = cap };

        ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>(() => config.Validated());
        Assert.Equal(nameof(TransferUtilityConfig.MaxBytesPerSecond), error.ParamName);
    }

    [Theory]
    [InlineData(null)]
    [InlineData(1L)]
    [InlineData(long.MaxValue)]
    public void Validated_MaxBytesPerSecondUnsetOrPositive_Accepted(long? cap)
    {
        var config = new TransferUtilityConfig { MaxBytesPerSecond = cap };

        Assert.Equal(cap, config.Validated().MaxBytesPerSecond);
    }

    [Fact]
    public void Validated_CopiesEverySetting()
    {
        // The utility keeps a private copy: a setting left out of it would be silently ignored (as
        // ValidateDownloadChecksums once was). Every public setting is changed from its default and must survive.
        var original = new TransferUtilityConfig();
        foreach (System.Reflection.PropertyInfo property in typeof(TransferUtilityConfig).GetProperties().Where(p => p.CanWrite))
        {
            object? value = property.GetValue(original);
            property.SetValue(original, value switch
            {
                bool flag => !flag,
                int number => number + 1,
                long number => number + 1,
                TimeSpan span => span + TimeSpan.FromSeconds(1),
                null when property.PropertyType == typeof(int?) => 7,
                // A full path: folders are copied as full paths.
                null when property.PropertyType == typeof(string) => Path.Combine(Path.GetTempPath(), property.Name),
                null when property.PropertyType == typeof(long?) => 7L,
                null when property.PropertyType == typeof(TimeProvider) => new Microsoft.Extensions.Time.Testing.FakeTimeProvider(),
                _ => throw new InvalidOperationException($"Add a changed value for {property.Name} ({property.PropertyType.Name}) to this test."),
            });
        }

        TransferUtilityConfig copy = original.Validated();

        Assert.All(typeof(TransferUtilityConfig).GetProperties().Where(p => p.CanWrite),
            p => Assert.Equal(p.GetValue(original), p.GetValue(copy)));
    }

    [Fact]
    public void ConcurrentServiceRequests_SetToTenExplicitly_IsAHardCapUnlikeTheAutomaticDefault()
    {
        var automatic = new TransferResources(new Moq.Mock<Amazon.S3.IAmazonS3>().Object, new TransferUtilityConfig().Validated(),
            Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance);
        var capped = new TransferResources(new Moq.Mock<Amazon.S3.IAmazonS3>().Object, new TransferUtilityConfig { ConcurrentServiceRequests = 10 }.Validated(),
            Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance);

        Assert.Null(new TransferUtilityConfig().Validated().ConcurrentServiceRequests);
        Assert.True(automatic.Scheduler.AllowsSharedSlots);
        Assert.False(capped.Scheduler.AllowsSharedSlots);
        Assert.Equal(10, capped.Scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public void ConcurrentServiceRequests_ReadBackAndSetAgain_ChangesNothing()
    {
        var original = new TransferUtilityConfig();
        var copy = new TransferUtilityConfig { ConcurrentServiceRequests = original.ConcurrentServiceRequests };

        Assert.Equal(S3TransferManager.Scheduling.RequestBudget.IsAutomatic(original.Validated()),
            S3TransferManager.Scheduling.RequestBudget.IsAutomatic(copy.Validated()));
    }
}
