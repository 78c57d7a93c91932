using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Benchmarks.Transfers;

namespace S3TransferManager.Benchmarks.Interleaved;

/// <summary>
/// <c>interleaved [--rounds N] [--filter Name] [--methods A,B]</c>: the download and upload scenarios' methods in
/// process, in rounds: every round runs each method once, starting with a different one each round. A ratio is taken within each
/// round and the median over rounds reported, so load that comes and goes on a shared machine (other processes
/// building and testing) hits every client alike. BenchmarkDotNet runs all iterations of one method before the next,
/// so a burst of load lands on one client; this mode is the cross-check, not a replacement. Ceilings: 10 ranged raw
/// GETs read and discarded, and (downloads to a file) the same written at their offsets into a file; for uploads,
/// 10 raw PUTs of the file's parts (<c>RawHttp10Puts_*</c>), and the SDK's method of the same category
/// (<c>AwsSdk_File</c>, <c>AwsSdk_NonSeekable</c>) as the incumbent. Uploads run once per scheme of
/// <see cref="BenchmarkSettings.SchemesVariable"/>, in the Raw and S3Like profiles.
/// </summary>
public static class InterleavedMode
{
    private const string Ceiling = "RawHttp10Streams";
    private const string FileCeiling = "RawHttp10StreamsToFile";
    private const string Incumbent = "AwsSdkPart";
    private const string UploadCeiling = "RawHttp10Puts";
    private const string UploadIncumbent = "AwsSdk";

    private static readonly Type[] s_scenarios = [typeof(DownloadToFileBenchmarks), typeof(OpenStreamBenchmarks), typeof(UploadBenchmarks)];

    public static async Task<int> RunAsync(int rounds, string? filter, string? methods, string? outputPath)
    {
        HashSet<string>? chosen = methods?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToHashSet();
        var table = new StringBuilder();
        table.AppendLine(CultureInfo.InvariantCulture, $"Interleaved: {rounds} rounds, {BenchmarkSettings.ObjectSize >> 20} MiB, median per method; ratios are medians of per-round ratios");
        table.AppendLine();
        table.AppendLine("| Scenario | Profile | Method | Median | Min | of ceiling (median) | of file ceiling (median) | x AWS SDK (median) | CPU: client + endpoint (median) |");
        table.AppendLine("|---|---|---|---:|---:|---:|---:|---:|---:|");
        foreach (Type type in s_scenarios.Where(t => filter is null || t.Name.Contains(filter, StringComparison.OrdinalIgnoreCase)))
        {
            bool upload = type.GetProperty("Scheme") is not null;
            foreach (NetworkProfile profile in BenchmarkSettings.Profiles().Where(p => !upload || p is not NetworkProfile.S3Harsh))
            {
                IEnumerable<string?> schemes = upload ? BenchmarkSettings.Schemes().Select(s => (string?)s) : [null];
                foreach (string? scheme in schemes)
                {
                    await RunScenarioAsync(type, profile, scheme, rounds, chosen, table);
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

    private static async Task RunScenarioAsync(Type type, NetworkProfile profile, string? scheme, int rounds, HashSet<string>? chosen, StringBuilder table)
    {
        object scenario = Activator.CreateInstance(type)!;
        PropertyInfo profileProperty = type.GetProperty("Profile")!;
        // The upload scenario takes the endpoint's own profile (Raw or S3Like, the same 20 ms and 60 MB/s).
        profileProperty.SetValue(scenario, profileProperty.PropertyType == typeof(NetworkProfile)
            ? profile
            : Enum.Parse(profileProperty.PropertyType, profile.ToString()));
        type.GetProperty("Scheme")?.SetValue(scenario, scheme);
        string where = scheme is null ? profile.ToString() : $"{profile} {scheme}";
        MethodInfo[] methods = [.. type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null
            && (chosen is null || chosen.Contains(m.Name) || m.Name is Ceiling or FileCeiling or Incumbent
                || (chosen.Any(c => Category(c) == Category(m.Name)) && (m.Name.StartsWith(UploadCeiling, StringComparison.Ordinal)
                    || m.Name.StartsWith(UploadIncumbent, StringComparison.Ordinal)))))];
        var times = methods.ToDictionary(m => m.Name, _ => new List<double>());
        // CPU time of this process and of the endpoint's per transfer: on a shared machine the wall clock depends on
        // how the scheduler shares the cores out, the work done much less.
        var cpu = methods.ToDictionary(m => m.Name, _ => new List<(double Client, double Endpoint)>());
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
                    (double ms, double clientCpu, double endpointCpu) = await TimeAsync(scenario, type, method);
                    times[method.Name].Add(ms);
                    cpu[method.Name].Add((clientCpu, endpointCpu));
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{type.Name} {where} round {round + 1} {method.Name}: {ms:0.0} ms"));
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
            string vsSdk = times.TryGetValue(Incumbent, out var sdk) || times.TryGetValue(UploadIncumbent + category, out sdk) ? Ratio(sdk, mine) : "n/a";
            table.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {type.Name.Replace("Benchmarks", "", StringComparison.Ordinal)} | {where} | {method.Name} | {Median(mine):0.0} ms | {mine.Min():0.0} ms | {ofCeiling} | {ofFileCeiling} | {vsSdk} | {Median(cpu[method.Name].Select(c => c.Client)):0} + {Median(cpu[method.Name].Select(c => c.Endpoint)):0} ms |"));
        }
    }

    /// <summary>The category suffix of an upload method (<c>_File</c>, <c>_NonSeekable</c>); empty for the downloads'.</summary>
    private static string Category(string method) => method.Contains('_', StringComparison.Ordinal) ? method[method.IndexOf('_', StringComparison.Ordinal)..] : "";

    /// <summary>The median over rounds of reference time / this time (above 1: faster than the reference).</summary>
    private static string Ratio(List<double> reference, List<double> mine) =>
        Median(reference.Zip(mine, (r, m) => r / m)).ToString("0.00", CultureInfo.InvariantCulture);

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

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
