using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// <c>cold [--runs N] [--profile S3Like] [--out FILE]</c>: the first transfer in a fresh process, as a CLI or a batch
/// job sees it. Starts one endpoint, seeds one object, then for each run starts a fresh process per client and
/// scenario (<see cref="ColdTransfer"/>, interleaved so load on a shared machine hits every client alike), and prints
/// the median of the first transfer (cold) and of the second one in the same process (warm).
/// </summary>
public static class ColdStartMode
{
    private static readonly string[] s_clients = ["ours", "sdk", "raw", "ours-primed", "sdk-primed"];
    private static readonly string[] s_scenarios = ["file", "stream", "upload"];

    public static async Task<int> RunAsync(int runs, NetworkProfile profile, string? outputPath)
    {
        const string Key = "cold/object";
        long size = BenchmarkSettings.ObjectSize;
        await using EndpointSession session = await EndpointSession.StartAsync(profile);
        await session.SeedAsync(Key, size);
        string folder = Directory.CreateTempSubdirectory("s3tm-cold-").FullName;
        var results = new Dictionary<(string Client, string Scenario), List<(double Cold, double Warm)>>();
        try
        {
            for (int run = 0; run < runs; run++)
            {
                foreach (string scenario in s_scenarios)
                {
                    foreach (string client in s_clients)
                    {
                        if (client == "raw" && scenario != "file")
                        {
                            continue;
                        }

                        (double cold, double warm) = await RunChildAsync(session.Endpoint.ServiceUrl, Key, size, client, scenario, folder);
                        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"run {run + 1} {scenario} {client}: cold {cold:0} ms, warm {warm:0} ms"));
                        if (!results.TryGetValue((client, scenario), out var list))
                        {
                            results[(client, scenario)] = list = [];
                        }

                        list.Add((cold, warm));
                    }
                }
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }

        string table = Table(results, runs, profile, size);
        Console.WriteLine(table);
        if (outputPath is not null)
        {
            await File.WriteAllTextAsync(outputPath, table);
        }

        return 0;
    }

    private static string Table(Dictionary<(string Client, string Scenario), List<(double Cold, double Warm)>> results, int runs,
        NetworkProfile profile, long size)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"Cold start: {runs} fresh processes per row, {profile}, {size >> 20} MiB, medians");
        text.AppendLine();
        text.AppendLine("| Scenario | Client | Cold (first transfer) | Warm (second, same process) | Cold - warm | Cold x AWS SDK | Warm x AWS SDK |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (string scenario in s_scenarios)
        {
            if (!results.TryGetValue(("sdk", scenario), out var sdk))
            {
                continue;
            }

            foreach (string client in s_clients)
            {
                if (!results.TryGetValue((client, scenario), out var list))
                {
                    continue;
                }

                // Primed rows compare with the primed SDK: both had the S3 client's first request out of the way.
                var reference = client.EndsWith("-primed", StringComparison.Ordinal) && results.TryGetValue(("sdk-primed", scenario), out var primed)
                    ? primed : sdk;
                double sdkCold = Median(reference.Select(r => r.Cold));
                double sdkWarm = Median(reference.Select(r => r.Warm));

                double cold = Median(list.Select(r => r.Cold));
                double warm = Median(list.Select(r => r.Warm));
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {scenario} | {client} | {cold:0} ms | {warm:0} ms | {cold - warm:0} ms | {sdkCold / cold:0.00} | {sdkWarm / warm:0.00} |"));
            }
        }

        return text.ToString();
    }

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private static async Task<(double Cold, double Warm)> RunChildAsync(Uri url, string key, long size, string client, string scenario, string folder)
    {
        var start = new ProcessStartInfo(Environment.ProcessPath!) { RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(Environment.ProcessPath!) == "dotnet")
        {
            start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (string arg in (string[])["cold-one", url.ToString(), key, size.ToString(CultureInfo.InvariantCulture), client, scenario, folder])
        {
            start.ArgumentList.Add(arg);
        }

        using Process child = Process.Start(start)!;
        string output = await child.StandardOutput.ReadToEndAsync();
        await child.WaitForExitAsync();
        if (child.ExitCode != 0)
        {
            throw new InvalidOperationException($"The {client} {scenario} child exited with {child.ExitCode}: {output}");
        }

        string[] parts = output.Trim().Split(' ');
        return (double.Parse(parts[0], CultureInfo.InvariantCulture), double.Parse(parts[1], CultureInfo.InvariantCulture));
    }
}
