using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

public sealed class LookaheadEstimateTests
{
    [Fact]
    public void Observe_FirstSample_IsTheBytesOneFirstByteWaitIsWorth()
    {
        var estimate = new LookaheadEstimate();

        // 1,000 bytes in 100 ticks, after a first-byte wait of 20 ticks: 200 bytes arrive in one wait.
        estimate.Observe(1000, 100, 20);

        Assert.Equal(200, estimate.Bytes);
    }

    [Fact]
    public void Observe_LaterSample_MovesTheEstimateAQuarterOfTheWay()
    {
        var estimate = new LookaheadEstimate();
        estimate.Observe(1000, 100, 20);

        estimate.Observe(1000, 100, 60);

        Assert.Equal(300, estimate.Bytes);
    }

    [Theory]
    [InlineData(0, 100, 20)]
    [InlineData(1000, 0, 20)]
    [InlineData(1000, 100, 0)]
    public void Observe_NothingToMeasure_LeavesTheEstimateUnknown(long bytes, long ticks, long firstByteTicks)
    {
        var estimate = new LookaheadEstimate();

        estimate.Observe(bytes, ticks, firstByteTicks);

        Assert.Equal(0, estimate.Bytes);
    }
}
