using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Download;
using S3TransferManager.Scheduling;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Download;

/// <summary>The first GET of a download gives the object's length: the automatic budget starts from the parts that are
/// coming, before the tail is cut for its width; a fixed budget stays what it is. With first contact (the default) the
/// parts are where it grows to on quick answers (<c>FirstContactTests</c>); these tests turn it off to see the start
/// itself.</summary>
public sealed class ForeseenStartTests
{
    private const int MiB = 1024 * 1024;

    [Theory]
    [InlineData(256, 32)] // 32 parts of 8 MiB, all within the default 256 MiB of bytes in flight
    [InlineData(1024, 32)] // 128 parts: as many as the bytes in flight hold
    [InlineData(64, 20)] // 8 parts: fewer than the budget starts at, which stays
    public async Task StartAsync_AutomaticBudget_StartsFromTheObjectsParts(int objectMiB, int expected)
    {
        TransferResources resources = Resources(objectMiB, new TransferUtilityConfig { ValidateDownloadChecksums = false });

        int tailWidth = await DiscoverAsync(resources);

        Assert.Equal(expected, resources.Scheduler.MaxRequestsInFlight);
        Assert.Equal(expected, tailWidth);
    }

    [Fact]
    public async Task StartAsync_HardCap_KeepsTheCap()
    {
        TransferResources resources = Resources(256, new TransferUtilityConfig { ConcurrentServiceRequests = 10, ValidateDownloadChecksums = false });

        await DiscoverAsync(resources);

        Assert.Equal(10, resources.Scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task StartAsync_ForeseenStartTunedOff_StartsAt20()
    {
        TransferResources resources = Resources(256, new TransferUtilityConfig { ValidateDownloadChecksums = false },
            new EngineTuning { ForeseenStart = false, FirstContactStart = null });

        await DiscoverAsync(resources);

        Assert.Equal(RequestBudget.AutomaticStart, resources.Scheduler.MaxRequestsInFlight);
    }

    /// <summary>Sends the discovery GET of an OpenStream and returns the tail width its parts were cut for.</summary>
    private static async Task<int> DiscoverAsync(TransferResources resources)
    {
        using TransferLane lane = resources.Scheduler.OpenLane();
        using DownloadSession session = await DownloadSession.StartAsync(resources, lane,
            new TransferUtilityOpenStreamRequest { BucketName = "b", Key = "k" }, partsHeldInMemory: true, CancellationToken.None);
        return session.Layout.TailWidthAsked;
    }

    /// <summary>Resources whose client answers the first ranged GET with the first 8 MiB of an object of
    /// <paramref name="objectMiB"/> MiB.</summary>
    private static TransferResources Resources(int objectMiB, TransferUtilityConfig config, EngineTuning? tuning = null)
    {
        byte[] firstPart = new byte[8 * MiB];
        var s3 = new FakeDownloadS3(_ => FakeDownloadS3.Partial(firstPart, 0, firstPart.Length - 1,
            contentRange: $"bytes 0-{firstPart.Length - 1}/{(long)objectMiB * MiB}"), (long)objectMiB * MiB, firstPart.Length);
        return new TransferResources(s3.Mock.Object, config.Validated(), NullLogger.Instance,
            tuning: tuning ?? new EngineTuning { FirstContactStart = null });
    }
}
