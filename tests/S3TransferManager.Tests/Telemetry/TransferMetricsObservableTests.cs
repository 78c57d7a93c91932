using Amazon.S3;
using Microsoft.Extensions.Diagnostics.Metrics.Testing;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Telemetry;

[Collection(TelemetryListenersCollection.Name)]
public sealed class TransferMetricsObservableTests
{
    private const string Meter = "S3TransferManager";

    [Fact]
    public async Task ActiveRequests_TwoSlotsLent_RisesByTwoAndFallsBack()
    {
        var resources = new TransferResources(Mock.Of<IAmazonS3>(), new TransferUtilityConfig().Validated(), NullLogger.Instance);
        using var collector = new MetricCollector<long>(null, Meter, "s3transfermanager.active_requests");
        using TransferLane lane = resources.Scheduler.OpenLane();
        long before = Observe(collector);

        RequestLease first = await lane.AcquireAsync(default);
        RequestLease second = await lane.AcquireAsync(default);
        long during = Observe(collector);
        first.Dispose();
        second.Dispose();

        Assert.Equal((before + 2, before), (during, Observe(collector)));
    }

    [Fact]
    public async Task BufferUsage_ALeaseHeld_RisesByItsBytesAndFallsBack()
    {
        var resources = new TransferResources(Mock.Of<IAmazonS3>(), new TransferUtilityConfig().Validated(), NullLogger.Instance);
        using var collector = new MetricCollector<long>(null, Meter, "s3transfermanager.buffer.usage");
        long before = Observe(collector);

        BufferLease lease = await resources.Buffers.OpenAccount().AcquireAsync(3 * 65_536, default);
        long during = Observe(collector);
        lease.Dispose();

        Assert.Equal((before + (3 * 65_536), before), (during, Observe(collector)));
    }

    private static long Observe(MetricCollector<long> collector)
    {
        collector.RecordObservableInstruments();
        return collector.LastMeasurement!.Value;
    }
}
