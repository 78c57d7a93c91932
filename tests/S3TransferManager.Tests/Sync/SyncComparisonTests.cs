using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

/// <summary>The default rule, case by case as the AWS CLI's SizeAndLastModifiedSync and ExactTimestampsSync decide.</summary>
public sealed class SyncComparisonTests
{
    private static readonly DateTime T = new(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc);

    [Theory]
    [InlineData(SyncAction.Upload, 10, 11, 0, false, SyncReason.SizeDiffers)]
    [InlineData(SyncAction.Upload, 10, 10, -1, false, SyncReason.SourceNewer)]
    [InlineData(SyncAction.Upload, 10, 10, 0, false, null)]
    [InlineData(SyncAction.Upload, 10, 10, 1, false, null)]
    [InlineData(SyncAction.Upload, 10, 10, 1, true, null)]
    [InlineData(SyncAction.Copy, 10, 10, -1, false, SyncReason.SourceNewer)]
    [InlineData(SyncAction.Copy, 10, 10, 5, false, null)]
    [InlineData(SyncAction.Download, 10, 11, 0, false, SyncReason.SizeDiffers)]
    [InlineData(SyncAction.Download, 10, 10, -1, false, null)]
    [InlineData(SyncAction.Download, 10, 10, 0, false, null)]
    [InlineData(SyncAction.Download, 10, 10, 1, false, SyncReason.DestinationNewer)]
    [InlineData(SyncAction.Download, 10, 10, -1, true, SyncReason.TimestampsDiffer)]
    [InlineData(SyncAction.Download, 10, 10, 0, true, null)]
    public void Decide_SizeAndTime_AsTheAwsCliDecides(SyncAction transfer, long sourceSize, long destinationSize, int destinationAheadSeconds,
        bool exact, SyncReason? expected)
    {
        var source = new SyncEntry("k", "k", sourceSize, T);
        var destination = new SyncEntry("k", "k", destinationSize, T.AddSeconds(destinationAheadSeconds));

        Assert.Equal(expected, SyncComparison.Decide(transfer, source, destination, exact));
    }
}
