using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Benchmarks.Transfers;

namespace S3TransferManager.Benchmarks.Interleaved;

/// <summary>
/// <c>interleaved [--rounds N] [--filter Name] [--methods A,B,-C] [--params Name=Value,...] [--baseline Method]</c>: the download scenarios'
/// methods (validation on against off, the request budget against the SDK, each with its other <c>[Params]</c> in
/// turn, or only the values <c>--params</c> names), and the directory scenarios', in process, in
/// rounds: every round runs each method once, starting with a different one each round. A ratio is taken within each
/// round and the median over rounds reported, so load that comes and goes on a shared machine (other processes
/// building and testing) hits every client alike. BenchmarkDotNet runs all iterations of one method before the next,
/// so a burst of load lands on one client; this mode is the cross-check, not a replacement. Ceilings: 10 ranged raw
/// GETs read and discarded, and (downloads to a file) the same written at their offsets into a file; for uploads,
/// 10 raw PUTs of the file's parts (<c>RawHttp10Puts_*</c>), and the SDK's method of the same category
/// (<c>AwsSdk_File</c>, <c>AwsSdk_NonSeekable</c>) as the incumbent. Uploads run once per scheme of
/// <see cref="BenchmarkSettings.SchemesVariable"/>, in every profile asked for. CPU is reported for this process
/// (the client) and the endpoint's: on a shared machine the wall clock depends on how the cores are shared out, the
/// work done much less. Also per method: the endpoint's peak of requests in flight (how many connections a client
/// really used), and the bytes this process allocated per object. A scenario whose methods carry a category suffix
/// (<c>_Upload</c>, <c>_File</c>) compares each method with the baseline of its own category, and with
/// <c>AwsSdkConcurrent_</c> of that category as the incumbent when there is one. <c>--baseline</c> names the method
/// "x baseline" divides by, round by round, for a pair two medians cannot compare (the same client with one feature on
/// and off, where the swing between rounds is larger than the feature's cost).
/// </summary>
public static class InterleavedMode
{
    private const string Ceiling = "RawHttp10Streams";
    private const string FileCeiling = "RawHttp10StreamsToFile";
    private const string Incumbent = "AwsSdkPart";
    private const string UploadCeiling = "RawHttp10Puts";
    private const string UploadIncumbent = "AwsSdk";
    private const string ConcurrentIncumbent = "AwsSdkConcurrent";

    private static readonly Type[] s_scenarios =
        [typeof(DownloadToFileBenchmarks), typeof(OpenStreamBenchmarks), typeof(DownloadValidationBenchmarks), typeof(BudgetDownloadBenchmarks), typeof(BudgetDirectoryBenchmarks),
            typeof(UploadBenchmarks), typeof(DirectoryBenchmarks)];

    public static async Task<int> RunAsync(int rounds, string? filter, string? methods, string? outputPath, string? paramsFilter = null,
        string? baselineMethod = null)
    {
        string[] wanted = paramsFilter?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) ?? [];
        // A name with a leading '-' leaves that method out (the SDK's one-object-at-a-time directory methods take seconds).
        string[] named = methods?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) ?? [];
        // Only exclusions ("-A,-B") mean every other method, not none.
        HashSet<string>? chosen = named.Any(n => !n.StartsWith('-')) ? [.. named.Where(n => !n.StartsWith('-'))] : null;
        HashSet<string> excluded = [.. named.Where(n => n.StartsWith('-')).Select(n => n[1..])];
        var table = new StringBuilder();
        table.AppendLine(CultureInfo.InvariantCulture, $"Interleaved: {rounds} rounds, {BenchmarkSettings.ObjectSize >> 20} MiB, median per method; ratios are medians of per-round ratios");
        table.AppendLine();
        table.AppendLine("| Scenario | Profile | Method | Median | Min | of ceiling (median) | of file ceiling (median) | x AWS SDK (median) | x baseline (median) | 503s (all rounds) | CPU: client + endpoint (median) | client CPU: baseline / this (median) | peak requests in flight (median, max) | allocated per object (median) |");
        table.AppendLine("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        // A scenario's exact name picks it alone (DirectoryBenchmarks, not BudgetDirectoryBenchmarks too).
        bool exact = s_scenarios.Any(t => string.Equals(t.Name, filter, StringComparison.OrdinalIgnoreCase));
        foreach (Type type in s_scenarios.Where(t => filter is null
            || (exact ? string.Equals(t.Name, filter, StringComparison.OrdinalIgnoreCase) : t.Name.Contains(filter, StringComparison.OrdinalIgnoreCase))))
        {
            // A scenario may choose its own profiles (a static Profiles property), as it does for BenchmarkDotNet.
            var profiles = type.GetProperty("Profiles", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as IEnumerable<NetworkProfile>
                ?? BenchmarkSettings.Profiles();
            bool upload = type.GetProperty("Scheme") is not null;
            foreach (NetworkProfile profile in profiles)
            {
                IEnumerable<string?> schemes = upload ? BenchmarkSettings.Schemes().Select(s => (string?)s) : [null];
                foreach (string? scheme in schemes)
                {
                    foreach ((PropertyInfo Property, object? Value)[] parameters in OtherParams(type)
                        .Where(c => wanted.All(w => !c.Any(p => w.StartsWith(p.Property.Name + "=", StringComparison.Ordinal))
                            || c.Any(p => w == $"{p.Property.Name}={p.Value}"))))
                    {
                        await RunScenarioAsync(type, profile, scheme, parameters, rounds, chosen, excluded, baselineMethod, table);
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
        HashSet<string>? chosen, HashSet<string> excluded, string? baselineMethod, StringBuilder table)
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
        // With categories (upload scenarios: _File, _NonSeekable; directories: _Download, _Upload) each has its own.
        string[] baselines = [.. type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>()?.Baseline == true).Select(m => m.Name)];
        string? BaselineOf(string method) => baselineMethod is not null && Category(baselineMethod) == Category(method)
            ? baselineMethod
            : baselines.FirstOrDefault(b => Category(b) == Category(method)) ?? baselines.FirstOrDefault();
        string? baseline = baselines.FirstOrDefault();
        string incumbent = baseline is not null && baseline.StartsWith("AwsSdk", StringComparison.Ordinal) ? baseline : Incumbent;
        MethodInfo[] methods = [.. type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null && !excluded.Contains(m.Name)
            && (chosen is null || chosen.Contains(m.Name) || m.Name is Ceiling or FileCeiling
                || (chosen.Any(c => Category(c) == Category(m.Name)) && (m.Name.StartsWith(UploadCeiling, StringComparison.Ordinal)
                    || m.Name.StartsWith(UploadIncumbent, StringComparison.Ordinal)))
                || (chosen.All(c => Category(c).Length == 0) && (m.Name == incumbent || m.Name == baseline))))];
        var times = methods.ToDictionary(m => m.Name, _ => new List<double>());
        var cpu = methods.ToDictionary(m => m.Name, _ => new List<(double Client, double Endpoint)>());
        var slowDowns = methods.ToDictionary(m => m.Name, _ => 0L);
        var peaks = methods.ToDictionary(m => m.Name, _ => new List<int>());
        var allocated = methods.ToDictionary(m => m.Name, _ => new List<double>());
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
                    long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
                    (double ms, double clientCpu, double endpointCpu) = await TimeAsync(scenario, type, method);
                    double perObject = (GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore) / (double)Transfers(scenario);
                    times[method.Name].Add(ms);
                    cpu[method.Name].Add((clientCpu, endpointCpu));
                    allocated[method.Name].Add(perObject);
                    (long slowDown, int peak) = await CountersAsync(scenario);
                    slowDowns[method.Name] += slowDown;
                    peaks[method.Name].Add(peak);
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"{label} {where} round {round + 1} {method.Name}: {ms:0.0} ms, CPU {clientCpu:0} + {endpointCpu:0} ms, peak {peak} in flight, {perObject / 1024:0.0} KiB per object"));
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
            // The SDK's method of the same category when there is one (AwsSdk_NonSeekable for Ours_NonSeekable, not AwsSdk_File).
            List<double>? sdk = null;
            bool hasSdk = (category.Length > 0 && (times.TryGetValue(ConcurrentIncumbent + category, out sdk) || times.TryGetValue(UploadIncumbent + category, out sdk)))
                || times.TryGetValue(incumbent, out sdk);
            string vsSdk = hasSdk ? Ratio(sdk!, mine) : "n/a";
            string? own = BaselineOf(method.Name);
            string vsBaseline = own is not null && times.TryGetValue(own, out var reference) ? Ratio(reference, mine) : "n/a";
            string cpuVsBaseline = own is not null && cpu.TryGetValue(own, out var referenceCpu)
                ? Ratio([.. referenceCpu.Select(c => c.Client)], [.. cpu[method.Name].Select(c => c.Client)]) : "n/a";
            table.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {label} | {where} | {method.Name} | {Median(mine):0.0} ms | {mine.Min():0.0} ms | {ofCeiling} | {ofFileCeiling} | {vsSdk} | {vsBaseline} | {slowDowns[method.Name]} | {Median(cpu[method.Name].Select(c => c.Client)):0} + {Median(cpu[method.Name].Select(c => c.Endpoint)):0} ms | {cpuVsBaseline} | {Median(peaks[method.Name].Select(p => (double)p)):0}, {peaks[method.Name].Max()} | {Median(allocated[method.Name]) / 1024:0.0} KiB |"));
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

    /// <summary>The 503 SlowDown answers and the peak of requests in flight since the last reset: what this method's
    /// transfer drew, and how many connections it kept busy at once.</summary>
    private static async Task<(long SlowDowns, int Peak)> CountersAsync(object scenario)
    {
        if (scenario is not ITransferScenario transfer)
        {
            return (0, 0);
        }

        var counts = await transfer.Session.Endpoint.GetCountersAsync();
        return (counts.SlowDownResponses, counts.MaxConcurrentRequests);
    }

    private static int Transfers(object scenario) => scenario is ITransferScenario { TransfersPerOperation: > 0 and var n } ? n : 1;

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
        var transfer = (ITransferScenario)scenario;
        if (transfer is IWritesObjectFiles && PageCachePrimer.Enabled)
        {
            PageCachePrimer.Prime(transfer.BytesPerOperation);
        }

        using var endpoint = Process.GetProcessById(transfer.Session.Endpoint.ProcessId);
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
