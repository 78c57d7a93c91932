using System.Collections.Concurrent;
using System.Diagnostics.Tracing;
using System.Globalization;

namespace S3TransferManager.Benchmarks.Loh;

/// <summary>
/// Sums the runtime's GCAllocationTick events (GC keyword 0x1, verbose) whose AllocationKind is 1 (Large Object
/// Heap). A tick fires about every 100 KB allocated, so sums have ~100 KB resolution. Events arrive asynchronously:
/// <see cref="SumBetween"/> is exact only after <see cref="FlushAsync"/> has seen a marker allocated later.
/// </summary>
public sealed class LohTickListener : EventListener
{
    private const int AllocationTickEventId = 10;
    private const uint LargeObjectHeapKind = 1;
    private const int MarkerSize = 1 << 20;

    private readonly ConcurrentQueue<(DateTime Time, long Bytes, string Type)> _ticks = new();

    /// <summary>LOH bytes reported by ticks stamped in [<paramref name="start"/>, <paramref name="end"/>].</summary>
    public long SumBetween(DateTime start, DateTime end) =>
        _ticks.Where(t => t.Time >= start && t.Time <= end).Sum(t => t.Bytes);

    /// <summary>How many LOH ticks are stamped in [<paramref name="start"/>, <paramref name="end"/>].</summary>
    public int CountBetween(DateTime start, DateTime end) => _ticks.Count(t => t.Time >= start && t.Time <= end);

    /// <summary>The type of each LOH tick stamped in [<paramref name="start"/>, <paramref name="end"/>] (the type whose
    /// allocation crossed the tick's ~100 KB), in order.</summary>
    public IEnumerable<string> TypesBetween(DateTime start, DateTime end) =>
        _ticks.Where(t => t.Time >= start && t.Time <= end).Select(t => t.Type);

    /// <summary>Allocates 1 MiB markers until a tick stamped after the call arrives; false after ~5 s without one.</summary>
    public async Task<bool> FlushAsync()
    {
        DateTime since = DateTime.UtcNow;
        for (int attempt = 0; attempt < 50; attempt++)
        {
            GC.KeepAlive(new byte[MarkerSize]);
            await Task.Delay(100);
            if (_ticks.Any(t => t.Time >= since))
            {
                return true;
            }
        }

        return false;
    }

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == "Microsoft-Windows-DotNETRuntime")
        {
            EnableEvents(eventSource, EventLevel.Verbose, (EventKeywords)0x1);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventId != AllocationTickEventId || eventData.Payload is null || eventData.PayloadNames is null)
        {
            return;
        }

        int kind = eventData.PayloadNames.IndexOf("AllocationKind");
        int amount = eventData.PayloadNames.IndexOf("AllocationAmount64");
        int type = eventData.PayloadNames.IndexOf("TypeName");
        if (kind < 0 || amount < 0 || Convert.ToUInt32(eventData.Payload[kind], CultureInfo.InvariantCulture) != LargeObjectHeapKind)
        {
            return;
        }

        _ticks.Enqueue((eventData.TimeStamp.ToUniversalTime(), Convert.ToInt64(eventData.Payload[amount], CultureInfo.InvariantCulture),
            type >= 0 ? eventData.Payload[type]?.ToString() ?? "?" : "?"));
    }
}
