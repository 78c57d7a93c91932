using System.Diagnostics.Metrics;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Tests.Telemetry;

/// <summary>Counting bytes runs once per read of a download body: it must not allocate, listened to or not.</summary>
[Collection(TelemetryListenersCollection.Name)]
public sealed class TransferMetricsAllocationTests
{
    private const int Reads = 1_000;

    [Fact]
    public void Transferred_NobodyListens_AllocatesNothing()
    {
        TransferMetrics.Transferred(TelemetryTags.Download, "no-listener", 1);

        long allocated = AllocatedBy(() => TransferMetrics.Transferred(TelemetryTags.Download, "no-listener", 65_536));

        Assert.Equal(0, allocated);
    }

    [Fact]
    public void Transferred_AListenerSumsTheBytes_AllocatesNothingAndCountsEveryRead()
    {
        long sum = 0;
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == TransferMetrics.MeterName && instrument.Name == "s3transfermanager.io")
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((_, value, _, _) => sum += value);
        listener.Start();
        TransferMetrics.Transferred(TelemetryTags.Download, "listened", 1);

        long allocated = AllocatedBy(() => TransferMetrics.Transferred(TelemetryTags.Download, "listened", 65_536));

        Assert.Equal((0, 1 + (Reads * 65_536L)), (allocated, sum));
    }

    private static long AllocatedBy(Action read)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Reads; i++)
        {
            read();
        }

        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
