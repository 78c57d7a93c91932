using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Benchmarks.Transfers;

namespace S3TransferManager.Benchmarks.Loh;

/// <summary>
/// <c>-- loh</c>: runs every scenario method once untimed and once measured, in this process, for the first value of its Profile parameter, and
/// prints per transfer: LOH bytes (from allocation ticks), total allocated bytes and requests sent (endpoint counters).
/// </summary>
public static class LohMode
{
    private static readonly Type[] s_scenarios =
        [typeof(DownloadToFileBenchmarks), typeof(OpenStreamBenchmarks), typeof(UploadBenchmarks), typeof(SmallObjectsBenchmarks)];

    public static async Task<int> RunAsync(string? outputPath, string? filter)
    {
        using var listener = new LohTickListener();
        if (!await listener.FlushAsync())
        {
            Console.Error.WriteLine("No GC allocation tick events arrived; cannot measure LOH bytes.");
            return 1;
        }

        var table = new StringBuilder();
        table.AppendLine("| Scenario | Profile | Method | LOH bytes / transfer (~100 KB res.) | Allocated / transfer | Requests / transfer | Time (s) |");
        table.AppendLine("|---|---|---|---:|---:|---:|---:|");
        foreach (Type type in s_scenarios)
        {
            if (filter is not null && !type.Name.Contains(filter, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            await RunScenarioAsync(type, listener, table);
        }

        string text = table.ToString();
        Console.WriteLine(text);
        if (outputPath is not null)
        {
            await File.WriteAllTextAsync(outputPath, text);
        }

        return 0;
    }

    /// <summary>The first value of the Profile parameter, from <c>[Params]</c> or from the static member
    /// <c>[ParamsSource]</c> names.</summary>
    private static object FirstProfile(Type type, PropertyInfo profile)
    {
        if (profile.GetCustomAttribute<ParamsAttribute>() is { } values)
        {
            return values.Values[0]!;
        }

        string source = profile.GetCustomAttribute<ParamsSourceAttribute>()!.Name;
        var all = (System.Collections.IEnumerable)type.GetProperty(source, BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!;
        return all.Cast<object>().First();
    }

    private static async Task RunScenarioAsync(Type type, LohTickListener listener, StringBuilder table)
    {
        var scenario = (ITransferScenario)Activator.CreateInstance(type)!;
        PropertyInfo profile = type.GetProperty("Profile")!;
        object profileValue = FirstProfile(type, profile);
        profile.SetValue(scenario, profileValue);
        await InvokeAsync(scenario, Find<GlobalSetupAttribute>(type).Single());
        try
        {
            foreach (MethodInfo method in type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null))
            {
                // One untimed run first, so JIT and first-use allocations stay out of the per-transfer numbers.
                await InvokeAsync(scenario, method);
                await CleanupIterationAsync(scenario, type);
                await scenario.Session.Endpoint.ResetCountersAsync();
                await listener.FlushAsync();
                long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
                DateTime start = DateTime.UtcNow;
                var stopwatch = Stopwatch.StartNew();
                await InvokeAsync(scenario, method);
                stopwatch.Stop();
                DateTime end = DateTime.UtcNow;
                long allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
                bool flushed = await listener.FlushAsync();
                long loh = listener.SumBetween(start, end);
                long requests = (await scenario.Session.Endpoint.GetCountersAsync()).Total;
                await CleanupIterationAsync(scenario, type);

                int transfers = scenario.TransfersPerOperation;
                string row = string.Create(
                    CultureInfo.InvariantCulture,
                    $"| {type.Name.Replace("Benchmarks", "", StringComparison.Ordinal)} | {profileValue} | {method.Name} | {(flushed ? (loh / transfers).ToString("N0", CultureInfo.InvariantCulture) : "n/a")} | {allocated / transfers:N0} | {(double)requests / transfers:0.##} | {stopwatch.Elapsed.TotalSeconds:0.00} |");
                table.AppendLine(row);
                Console.WriteLine(row);
            }
        }
        finally
        {
            await InvokeAsync(scenario, Find<GlobalCleanupAttribute>(type).Single());
        }
    }

    private static async Task CleanupIterationAsync(object scenario, Type type)
    {
        foreach (MethodInfo cleanup in Find<IterationCleanupAttribute>(type))
        {
            await InvokeAsync(scenario, cleanup);
        }
    }

    private static IEnumerable<MethodInfo> Find<TAttribute>(Type type)
        where TAttribute : Attribute =>
        type.GetMethods().Where(m => m.GetCustomAttribute<TAttribute>() is not null);

    private static async Task InvokeAsync(object target, MethodInfo method)
    {
        if (method.Invoke(target, null) is Task task)
        {
            await task;
        }
    }
}
