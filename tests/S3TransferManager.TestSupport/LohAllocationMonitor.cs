using System.Collections.Concurrent;
using System.Diagnostics.Tracing;

namespace S3TransferManager.TestSupport;

/// <summary>
/// Counts Large Object Heap allocations made while an action runs, from the runtime's own GCAllocationTick events.
/// </summary>
/// <remarks>
/// Which signal, and why it can be trusted: the runtime raises GCAllocationTick (event 10, GC keyword, verbose) each
/// time about 100 KB has been allocated for one kind of heap, and its AllocationKind payload is 1 for the Large Object
/// Heap. No LOH tick during an action means fewer than ~100 KB went to the LOH in all; one stray 85 KB array could slip
/// under that, but any per-part or per-request large buffer (8 MiB parts, 128 KiB chunks) during a 64 MiB transfer
/// raises many ticks. Events arrive asynchronously, so the monitor (1) first proves it receives LOH ticks at all by
/// allocating a large array and waiting for its tick, and (2) after the action allocates a marker and waits for its
/// tick, then counts only ticks stamped between the action's start and end. If events never arrive the measurement
/// throws instead of reporting zero. The process must not run other tests at the same time (use the isolated
/// collection), since the events are process-wide.
/// </remarks>
public sealed class LohAllocationMonitor : EventListener
{
    private const int AllocationTickEventId = 10;
    private const uint LargeObjectHeapKind = 1;
    private readonly ConcurrentQueue<(DateTime Time, string TypeName, long Bytes)> _ticks = new();
    private readonly SemaphoreSlim _tickArrived = new(0);

    public sealed record Result(int TickCount, IReadOnlyList<string> Types)
    {
        public override string ToString() => TickCount == 0 ? "no LOH allocation ticks" : $"{TickCount} LOH allocation tick(s): {string.Join(", ", Types)}";
    }

    public static async Task<Result> MeasureAsync(Func<Task> action)
    {
        using var monitor = new LohAllocationMonitor();
        await monitor.WaitForMarkerAsync();
        DateTime start = DateTime.UtcNow;
        await action();
        DateTime end = DateTime.UtcNow;
        await monitor.WaitForMarkerAsync();
        var during = monitor._ticks.Where(t => t.Time >= start && t.Time <= end).ToList();
        return new Result(during.Count, during.Select(t => $"{t.TypeName} ({t.Bytes} bytes)").Distinct().ToList());
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
        if (eventData.EventId != AllocationTickEventId || eventData.Payload is null)
        {
            return;
        }

        int kindIndex = eventData.PayloadNames!.IndexOf("AllocationKind");
        if (kindIndex < 0 || Convert.ToUInt32(eventData.Payload[kindIndex], System.Globalization.CultureInfo.InvariantCulture) != LargeObjectHeapKind)
        {
            return;
        }

        int typeIndex = eventData.PayloadNames.IndexOf("TypeName");
        int amountIndex = eventData.PayloadNames.IndexOf("AllocationAmount64");
        string type = typeIndex >= 0 ? eventData.Payload[typeIndex]?.ToString() ?? "?" : "?";
        long amount = amountIndex >= 0 ? Convert.ToInt64(eventData.Payload[amountIndex], System.Globalization.CultureInfo.InvariantCulture) : 0;
        _ticks.Enqueue((eventData.TimeStamp.ToUniversalTime(), type, amount));
        _tickArrived.Release();
    }

    public override void Dispose()
    {
        base.Dispose();
        _tickArrived.Dispose();
    }

    /// <summary>Allocates large arrays until one of their ticks, stamped after this call began, is seen.</summary>
    private async Task WaitForMarkerAsync()
    {
        DateTime since = DateTime.UtcNow;
        for (int attempt = 0; attempt < 100; attempt++)
        {
            GC.KeepAlive(new byte[256 * 1024]);
            while (await _tickArrived.WaitAsync(TimeSpan.FromMilliseconds(50)))
            {
                if (_ticks.Any(t => t.Time >= since && t.TypeName.Contains("Byte", StringComparison.Ordinal)))
                {
                    return;
                }
            }
        }

        throw new InvalidOperationException("The runtime's GCAllocationTick events never arrived; LOH allocations cannot be measured.");
    }
}
