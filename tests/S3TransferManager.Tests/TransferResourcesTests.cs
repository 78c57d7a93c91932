using Amazon.S3;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;

namespace S3TransferManager.Tests;

/// <summary>Where the utility's request budget starts.</summary>
public sealed class TransferResourcesTests
{
    [Theory]
    [InlineData(null, null, 10)] // fixed: 10 bodies (each slot may carry one early request)
    [InlineData(null, 64, 20)] // adaptive: the requests the fixed default has open, 10 bodies and 10 early requests
    [InlineData(null, 12, 12)] // adaptive under a lower ceiling
    [InlineData(6, 64, 6)] // an explicit ConcurrentServiceRequests is the cap: adaptive starts there
    [InlineData(16, null, 16)]
    public void Constructor_StartsTheBudgetAtTheRequestsTheDefaultHasOpen(int? concurrent, int? max, int expected)
    {
        var config = new TransferUtilityConfig { MaxConcurrentServiceRequests = max };
        if (concurrent is { } value)
        {
            config.ConcurrentServiceRequests = value;
        }

        var resources = new TransferResources(new Mock<IAmazonS3>().Object, config.Validated(), NullLogger.Instance);
        resources.Tuner?.Dispose();

        Assert.Equal(expected, resources.Scheduler.MaxRequestsInFlight);
    }
}
