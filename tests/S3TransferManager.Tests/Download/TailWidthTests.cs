using Amazon.S3;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

/// <summary>Which downloads cut their parts with a shrinking tail: every one whose extra requests are paid for (an early
/// request sharing a slot, or longer head parts), not parts held in memory under a hard cap.</summary>
public sealed class TailWidthTests
{
    [Theory]
    [InlineData(true, 0)]
    [InlineData(false, 10)]
    public void TailWidth_HardCap_UniformOnlyForPartsHeldInMemory(bool partsHeldInMemory, int expected)
    {
        TransferResources resources = Resources(new TransferUtilityConfig { ConcurrentServiceRequests = 10 });

        Assert.Equal(expected, DownloadSession.TailWidth(resources, partsHeldInMemory));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TailWidth_AutomaticBudgetInFirstContact_IsWhereItGrowsTo(bool partsHeldInMemory)
    {
        TransferResources resources = Resources(new TransferUtilityConfig());

        // First contact starts at 8 and grows on quick answers to the start of 20: the parts are cut for the 20.
        Assert.Equal(S3TransferManager.Scheduling.RequestBudget.FirstContactStart, resources.Scheduler.MaxRequestsInFlight);
        Assert.Equal(S3TransferManager.Scheduling.RequestBudget.AutomaticStart, DownloadSession.TailWidth(resources, partsHeldInMemory));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TailWidth_AutomaticBudget_IsTheBudget(bool partsHeldInMemory)
    {
        TransferResources resources = Resources(new TransferUtilityConfig(), new EngineTuning { FirstContactStart = null });

        Assert.Equal(resources.Scheduler.MaxRequestsInFlight, DownloadSession.TailWidth(resources, partsHeldInMemory));
        Assert.True(resources.Scheduler.MaxRequestsInFlight >= 2);
    }

    [Fact]
    public void TailWidth_TailTurnedOff_IsUniform()
    {
        TransferResources resources = Resources(new TransferUtilityConfig(), new EngineTuning { DownloadTail = false });

        Assert.Equal(0, DownloadSession.TailWidth(resources, partsHeldInMemory: false));
    }

    private static TransferResources Resources(TransferUtilityConfig config, EngineTuning? tuning = null) =>
        new(new Mock<IAmazonS3>(MockBehavior.Strict).Object, config.Validated(), NullLogger.Instance, tuning: tuning);
}
