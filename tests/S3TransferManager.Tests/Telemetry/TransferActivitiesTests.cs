using S3TransferManager.Telemetry;

namespace S3TransferManager.Tests.Telemetry;

/// <summary>Runs alone: an <see cref="System.Diagnostics.ActivityListener"/> of any test running beside it would be a listener.</summary>
[Collection(TelemetryListenersCollection.Name)]
public sealed class TransferActivitiesTests
{
    [Fact]
    public void Start_NobodyListens_CreatesNoSpan()
    {
        Assert.Null(TransferActivities.Start(TransferActivities.Download, "bucket", "key"));
    }
}
