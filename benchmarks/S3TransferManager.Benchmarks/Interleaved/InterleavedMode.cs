using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Benchmarks.Transfers;

namespace S3TransferManager.Benchmarks.Interleaved;

/// <summary>
/// <c>interleaved [--rounds N] [--filter Name] [--methods A,B]</c>: the download scenarios' methods (validation on
/// against off, adaptive concurrency against the SDK, each with its other <c>[Params]</c> in turn) in process, in
/// rounds: every round runs each method once, starting with a different one each round. A ratio is taken within each
/// round and the median over rounds reported, so load that comes and goes on a shared machine (other processes
/// building and testing) hits every client alike. BenchmarkDotNet runs all iterations of one method before the next,
/// so a burst of load lands on one client; this mode is the cross-check, not a replacement. Ceilings: 10 ranged raw
/// GETs read and discarded, and (downloads to a file) the same written at their offsets into a file; for uploads,
/// 10 raw PUTs of the file's parts (<c>RawHttp10Puts_*</c>), and the SDK's method of the same category
/// (<c>AwsSdk_File</c>, <c>AwsSdk_NonSeekable</c>) as the incumbent. Uploads run once per scheme of
/// <see cref="BenchmarkSettings.SchemesVariable"/>, in the Raw and S3Like profiles. CPU is reported for this process
/// (the client) and the endpoint's: on a shared machine the wall clock depends on how the cores are shared out, the
/// work done much less.
/// </summary>
public static class InterleavedMode
{
    private const string Ceiling = "RawHttp10Streams";
    private const string FileCeiling = "RawHttp10StreamsToFile";
    private const string Incumbent = "AwsSdkPart";
    private const string UploadCeiling = "RawHttp10Puts";
    private const string UploadIncumbent = "AwsSdk";

    private static readonly Type[] s_scenarios =
        [typeof(DownloadToFileBenchmarks), typeof(OpenStreamBenchmarks), typeof(DownloadValidationBenchmarks), typeof(AdaptiveDownloadBenchmarks), typeof(AdaptiveDirectoryBenchmarks),
            typeof(UploadBenchmarks)];

    public static async Task<int> RunAsync(int rounds, string? filter, string? methods, string? outputPath)
    {
        HashSet<string>? chosen = methods?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToHashSet();
        var table = new StringBuilder();
        table.AppendLine(CultureInfo.InvariantCulture, $"Interleaved: {rounds} rounds, {BenchmarkSettings.ObjectSize >> 20} MiB, median per method; ratios are medians of per-round ratios");
        table.AppendLine();
        table.AppendLine("| Scenario | Profile | Method | Median | Min | of ceiling (median) | of file ceiling (median) | x AWS SDK (median) | x baseline (median) | 503s (all rounds) | CPU: client + endpoint (median) | client CPU: baseline / this (median) |");
        table.AppendLine("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (Type type in s_scenarios.Where(t => filter is null || t.Name.Contains(filter, StringComparison.OrdinalIgnoreCase)))
        {
            // A scenario may choose its own profiles (a static Profiles property), as it does for BenchmarkDotNet.
            var profiles = type.GetProperty("Profiles", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as IEnumerable<NetworkProfile>
                ?? BenchmarkSettings.Profiles();
            bool upload = type.GetProperty("Scheme") is not null;
            foreach (NetworkProfile profile in profiles.Where(p => !upload || p is not NetworkProfile.S3Harsh))
            {
                IEnumerable<string?> schemes = upload ? BenchmarkSettings.Schemes().Select(s => (string?)s) : [null];
                foreach (string? scheme in schemes)
                {
                    foreach ((PropertyInfo Property, object? Value)[] parameters in OtherParams(type))
                    {
                        await RunScenarioAsync(type, profile, scheme, parameters, rounds, chosen, table);
                    }
                }
            }
        }

        Console.WriteLine(table);
        if (outputPath is not null)
        {
            await File.WriteAllTextAsync(outputPath, table.ToString());
        }

        return 0;
    }

    /// <summary>Every combination of the scenario's other <c>[Params]</c> (not Profile), e.g. the stored checksum's
    /// algorithm; one empty combination when it has none.</summary>
    private static IEnumerable<(PropertyInfo Property, object? Value)[]> OtherParams(Type type)
    {
        IEnumerable<(PropertyInfo Property, object? Value)[]> combinations = [[]];
        foreach (PropertyInfo property in type.GetProperties().Where(p => p.Name is not ("Profile" or "Scheme") && p.GetCustomAttribute<ParamsAttribute>() is not null))
        {
            object?[] values = property.GetCustomAttribute<ParamsAttribute>()!.Values;
            combinations = [.. combinations.SelectMany(c => values.Select(v => (IEnumerable<(PropertyInfo, object?)>)[.. c, (property, v)])).Select(c => c.ToArray())];
        }

        return combinations;
    }

    private static async Task RunScenarioAsync(Type type, NetworkProfile profile, string? scheme, (PropertyInfo Property, object? Value)[] parameters, int rounds,
        HashSet<string>? chosen, StringBuilder table)
    {
        object scenario = Activator.CreateInstance(type)!;
        PropertyInfo profileProperty = type.GetProperty("Profile")!;
        // Some scenarios take the endpoint's own profile type (Raw or S3Like: the same 20 ms and 60 MB/s).
        profileProperty.SetValue(scenario, profileProperty.PropertyType == typeof(NetworkProfile)
            ? profile
            : Enum.Parse(profileProperty.PropertyType, profile.ToString()));
        foreach ((PropertyInfo property, object? value) in parameters)
        {
            property.SetValue(scenario, value);
        }

        type.GetProperty("Scheme")?.SetValue(scenario, scheme);
        string where = scheme is null ? profile.ToString() : $"{profile} {scheme}";

        string label = type.Name.Replace("Benchmarks", "", StringComparison.Ordinal) + string.Concat(parameters.Select(p => $" {p.Value}"));
        // The baseline method is the reference of "x baseline" (validation off, say), and of "x AWS SDK" when it is the SDK's.
        string? baseline = type.GetMethods().FirstOrDefault(m => m.GetCustomAttribute<BenchmarkAttribute>()?.Baseline == true)?.Name;
        string incumbent = baseline is not null && baseline.StartsWith("AwsSdk", StringComparison.Ordinal) ? baseline : Incumbent;
        MethodInfo[] methods = [.. type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null
            && (chosen is null || chosen.Contains(m.Name) || m.Name is Ceiling or FileCeiling || m.Name == incumbent || m.Name == baseline
                || (chosen.Any(c => Category(c) == Category(m.Name)) && (m.Name.StartsWith(UploadCeiling, StringComparison.Ordinal)
                    || m.Name.StartsWith(UploadIncumbent, StringComparison.Ordinal)))))];
        var times = methods.ToDictionary(m => m.Name, _ => new List<double>());
        var cpu = methods.ToDictionary(m => m.Name, _ => new List<(double Client, double Endpoint)>());
        var slowDowns = methods.ToDictionary(m => m.Name, _ => 0L);
        await InvokeAsync(scenario, Find<GlobalSetupAttribute>(type).Single());
        try
        {
            // One untimed call each: JIT and first use stay out of the rounds.
            foreach (MethodInfo method in methods)
            {
                await TimeAsync(scenario, type, method);
            }

            for (int round = 0; round < rounds; round++)
            {
                for (int i = 0; i < methods.Length; i++)
                {
                    MethodInfo method = methods[(i + round) % methods.Length];
                    await ResetCountersAsync(scenario);
                    (double ms, double clientCpu, double endpointCpu) = await TimeAsync(scenario, type, method);
                    times[method.Name].Add(ms);
                    cpu[method.Name].Add((clientCpu, endpointCpu));
                    slowDowns[method.Name] += await SlowDownsAsync(scenario);
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{label} {where} round {round + 1} {method.Name}: {ms:0.0} ms, CPU {clientCpu:0} + {endpointCpu:0} ms"));
                }
            }
        }
        finally
        {
            await InvokeAsync(scenario, Find<GlobalCleanupAttribute>(type).Single());
        }

        foreach (MethodInfo method in methods)
        {
            List<double> mine = times[method.Name];
            string category = Category(method.Name);
            string ofCeiling = times.TryGetValue(Ceiling, out var ceiling) || times.TryGetValue(UploadCeiling + category, out ceiling) ? Ratio(ceiling, mine) : "n/a";
            string ofFileCeiling = times.TryGetValue(FileCeiling, out var fileCeiling) ? Ratio(fileCeiling, mine) : "n/a";
            string vsSdk = times.TryGetValue(incumbent, out var sdk) || times.TryGetValue(UploadIncumbent + category, out sdk) ? Ratio(sdk, mine) : "n/a";
            string vsBaseline = baseline is not null ? Ratio(times[baseline], mine) : "n/a";
            string cpuVsBaseline = baseline is not null
                ? Ratio([.. cpu[baseline].Select(c => c.Client)], [.. cpu[method.Name].Select(c => c.Client)]) : "n/a";
            table.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {label} | {where} | {method.Name} | {Median(mine):0.0} ms | {mine.Min():0.0} ms | {ofCeiling} | {ofFileCeiling} | {vsSdk} | {vsBaseline} | {slowDowns[method.Name]} | {Median(cpu[method.Name].Select(c => c.Client)):0} + {Median(cpu[method.Name].Select(c => c.Endpoint)):0} ms | {cpuVsBaseline} |"));
        }
    }

    /// <summary>The category suffix of an upload method (<c>_File</c>, <c>_NonSeekable</c>); empty for the downloads'.</summary>
    private static string Category(string method) => method.Contains('_', StringComparison.Ordinal) ? method[method.IndexOf('_', StringComparison.Ordinal)..] : "";

    private static async Task ResetCountersAsync(object scenario)
    {
        if (scenario is ITransferScenario transfer)
        {
            await transfer.Session.Endpoint.ResetCountersAsync();
        }
    }

    /// <summary>The 503 SlowDown answers since the last reset: what this method's transfer drew.</summary>
    private static async Task<long> SlowDownsAsync(object scenario) =>
        scenario is ITransferScenario transfer ? (await transfer.Session.Endpoint.GetCountersAsync()).SlowDownResponses : 0;

    /// <summary>The median over rounds of reference time / this time (above 1: faster than the reference).</summary>
    private static string Ratio(List<double> reference, List<double> mine) =>
        Median(reference.Zip(mine, (r, m) => r / m)).ToString("0.00", CultureInfo.InvariantCulture);

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    /// <summary>Wall time, and the CPU time of this process (the client: every thread) and of the endpoint's.</summary>
    private static async Task<(double Ms, double ClientCpuMs, double EndpointCpuMs)> TimeAsync(object scenario, Type type, MethodInfo method)
    {
        using var endpoint = Process.GetProcessById(((ITransferScenario)scenario).Session.Endpoint.ProcessId);
        using var client = Process.GetCurrentProcess();
        TimeSpan clientBefore = client.TotalProcessorTime;
        TimeSpan endpointBefore = endpoint.TotalProcessorTime;
        var watch = Stopwatch.StartNew();
        await InvokeAsync(scenario, method);
        double ms = watch.Elapsed.TotalMilliseconds;
        endpoint.Refresh();
        client.Refresh();
        double clientCpu = (client.TotalProcessorTime - clientBefore).TotalMilliseconds;
        double endpointCpu = (endpoint.TotalProcessorTime - endpointBefore).TotalMilliseconds;
        foreach (MethodInfo cleanup in Find<IterationCleanupAttribute>(type))
        {
            await InvokeAsync(scenario, cleanup);
        }

        return (ms, clientCpu, endpointCpu);
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
