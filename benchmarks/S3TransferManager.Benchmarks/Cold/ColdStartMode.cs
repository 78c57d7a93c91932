using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using Amazon.S3;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// <c>cold [--runs N] [--profile S3Like] [--clients ours,sdk,raw,rclone,aws-cli,boto3] [--scenarios file,stream,upload,stdin] [--out FILE]</c>:
/// the first transfer in a fresh process, as a CLI or a batch job sees it. Starts one endpoint, seeds one object, then
/// for each run starts a fresh process per client and scenario (<see cref="ColdTransfer"/>; the peers rclone, the AWS
/// CLI and boto3 through <see cref="IPeer"/>, each skipped with a message when missing), interleaved so load on a
/// shared machine hits every client alike, and prints the median and range of the first transfer (cold) and the
/// median of the second one in the same process (warm). Every transfer's output is checked by SHA-256 after its clock
/// stopped (<see cref="ColdOutputCheck"/>): a run whose bytes are wrong fails. The files are written in the temporary
/// folder (<c>TMPDIR</c>; a tmpfs such as /dev/shm keeps the disk out of the figures).
/// </summary>
public static class ColdStartMode
{
    private static readonly string[] s_clients = ["ours", "ours-cap10", "sdk", "raw", "rclone", "aws-cli", "boto3", "ours-primed", "sdk-primed"];
    private static readonly string[] s_peerNames = ["rclone", "aws-cli", "boto3"];
    private static readonly string[] s_scenarios = ["file", "stream", "upload", "stdin"];

    public static async Task<int> RunAsync(int runs, NetworkProfile profile, string? outputPath, string? clients = null, string? scenarios = null)
    {
        const string Key = "cold/object";
        long size = BenchmarkSettings.ObjectSize;
        string[] chosenClients = Choose(clients, s_clients);
        string[] chosenScenarios = Choose(scenarios, s_scenarios);
        await using EndpointSession session = await EndpointSession.StartAsync(profile);
        await session.SeedAsync(Key, size);
        Dictionary<string, string?> expected = chosenScenarios.ToDictionary(s => s, s => ColdOutputCheck.Expected(s, size));
        string folder = Directory.CreateTempSubdirectory("s3tm-cold-").FullName;
        Dictionary<string, IPeer> peers = await FindPeersAsync(chosenClients, session.Endpoint.ServiceUrl, folder);
        var results = new Dictionary<(string Client, string Scenario), List<Sample>>();
        var startups = new Dictionary<string, List<double>>();
        try
        {
            for (int run = 0; run < runs; run++)
            {
                foreach (string scenario in chosenScenarios)
                {
                    foreach (string client in chosenClients)
                    {
                        bool isPeer = s_peerNames.Contains(client);
                        if ((client == "raw" && scenario is not ("file" or "stream")) || (isPeer && (!peers.ContainsKey(client) || scenario == "stream")))
                        {
                            continue;
                        }

                        Sample sample;
                        try
                        {
                            sample = isPeer
                                ? new Sample(await RunPeerAsync(peers[client], session.Client, Key, size, scenario, folder, startups, expected[scenario]),
                                    double.NaN, double.NaN, double.NaN)
                                : await RunChildAsync(session.Endpoint.ServiceUrl, Key, size, client, scenario, folder, expected[scenario]);
                        }
                        catch (InvalidOperationException e) when (isPeer)
                        {
                            // A peer that fails (an operation the endpoint lacks, say) leaves the run; the others go on.
                            Console.WriteLine($"{client} failed and is left out of the rest of the run: {e.Message}");
                            peers.Remove(client);
                            continue;
                        }

                        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                            $"run {run + 1} {scenario} {client}: cold {sample.Cold:0} ms ({size / (sample.Cold / 1000) / (1 << 30):0.00} GiB/s, CPU {sample.ColdCpu:0} ms), warm {sample.Warm:0} ms (CPU {sample.WarmCpu:0} ms), load {Load()}"));
                        if (!results.TryGetValue((client, scenario), out var list))
                        {
                            results[(client, scenario)] = list = [];
                        }

                        list.Add(sample);
                    }
                }
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }

        string table = Table(results, runs, profile, size, chosenScenarios, chosenClients, startups);
        Console.WriteLine(table);
        if (outputPath is not null)
        {
            await File.WriteAllTextAsync(outputPath, table);
        }

        return 0;
    }

    /// <summary>The names in <paramref name="list"/> (comma-separated) that <paramref name="known"/> holds, in its order;
    /// all of them when null.</summary>
    private static string[] Choose(string? list, string[] known)
    {
        if (list is null)
        {
            return known;
        }

        string[] names = list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        string[] unknown = [.. names.Except(known)];
        return unknown.Length == 0 ? [.. known.Intersect(names)] : throw new ArgumentException($"Unknown: {string.Join(", ", unknown)}; known: {string.Join(", ", known)}.");
    }

    private static string Ms(double value) => double.IsNaN(value) ? "-" : string.Create(CultureInfo.InvariantCulture, $"{value:0} ms");

    private static string Load() => File.ReadAllText("/proc/loadavg").Split(' ')[0];

    private static async Task<Dictionary<string, IPeer>> FindPeersAsync(string[] clients, Uri serviceUrl, string folder)
    {
        var peers = new Dictionary<string, IPeer>();
        Add(clients.Contains("rclone") ? await RclonePeer.FindAsync(serviceUrl) : null);
        Add(clients.Contains("aws-cli") ? await AwsCliPeer.FindAsync(serviceUrl, folder) : null);
        Add(clients.Contains("boto3") ? await Boto3Peer.FindAsync(serviceUrl, folder) : null);
        return peers;

        void Add(IPeer? peer)
        {
            if (peer is not null)
            {
                peers[peer.Name] = peer;
            }
        }
    }

    /// <summary>One peer process's transfer (wall time, its start-up included), with its start-up measured apart
    /// just before, and its output checked after (<see cref="ColdOutputCheck"/>); an upload's file is written and
    /// flushed before the clock starts, as the children's are, and stdin gets SIZE zero bytes through a pipe.</summary>
    private static async Task<double> RunPeerAsync(IPeer peer, IAmazonS3 s3, string key, long size, string scenario, string folder,
        Dictionary<string, List<double>> startups, string? expected)
    {
        string path = Path.Combine(folder, peer.Name + ".bin");
        if (scenario == "upload")
        {
            using var source = File.OpenHandle(path, FileMode.Create, FileAccess.Write);
            byte[] zeros = new byte[BenchmarkSettings.ReadBufferSize];
            for (long offset = 0; offset < size; offset += zeros.Length)
            {
                RandomAccess.Write(source, zeros.AsSpan(0, (int)Math.Min(zeros.Length, size - offset)), offset);
            }

            RandomAccess.FlushToDisk(source);
        }

        if (!startups.TryGetValue(peer.Name, out var list))
        {
            startups[peer.Name] = list = [];
        }

        list.Add(await peer.StartupAsync());
        string uploadKey = $"cold/{peer.Name}-{scenario}";
        try
        {
            double elapsed = scenario switch
            {
                "upload" => await peer.UploadAsync(path, uploadKey),
                "stdin" => await peer.UploadStdinAsync(uploadKey, size),
                _ => await peer.DownloadAsync(key, path),
            };
            await ColdOutputCheck.VerifyAsync(peer.Name, scenario, expected, path, s3, uploadKey);
            return elapsed;
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static string Table(Dictionary<(string Client, string Scenario), List<Sample>> results, int runs,
        NetworkProfile profile, long size, string[] scenarios, string[] clients, Dictionary<string, List<double>> peerStartups)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"Cold start: {runs} fresh processes per row, {profile}, {size >> 20} MiB, medians");
        foreach ((string peer, List<double> startups) in peerStartups)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{peer}'s times include its process start-up (the program run doing nothing: median {Median(startups):0} ms); it has no warm figure.");
        }

        if (peerStartups.Count > 0)
        {
            text.AppendLine("The .NET clients' times start after the runtime started.");
        }

        text.AppendLine();
        text.AppendLine("| Scenario | Client | Cold (first transfer) | Cold GiB/s (min-max) | Warm (second, same process) | Cold - warm | Cold x AWS SDK | Warm x AWS SDK | Cold, of the raw ceiling (per run, median) | Client CPU cold / warm |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (string scenario in scenarios)
        {
            // Without the SDK among the clients its ratios are "-"; without the raw ceiling, so is that ratio.
            results.TryGetValue(("sdk", scenario), out var sdk);
            results.TryGetValue(("raw", scenario), out var raw);
            foreach (string client in clients)
            {
                if (!results.TryGetValue((client, scenario), out var list))
                {
                    continue;
                }

                // Primed rows compare with the primed SDK: both had the S3 client's first request out of the way.
                var reference = client.EndsWith("-primed", StringComparison.Ordinal) && results.TryGetValue(("sdk-primed", scenario), out var primed)
                    ? primed : sdk;
                double sdkCold = reference is null ? double.NaN : Median(reference.Select(r => r.Cold));
                double sdkWarm = reference is null ? double.NaN : Median(reference.Select(r => r.Warm));

                double cold = Median(list.Select(r => r.Cold));
                double warm = Median(list.Select(r => r.Warm));
                double gib = size / (double)(1 << 30);
                double fastest = gib / (list.Min(r => r.Cold) / 1000);
                double slowest = gib / (list.Max(r => r.Cold) / 1000);
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {scenario} | {client} | {cold:0} ms | {gib / (cold / 1000):0.00} ({slowest:0.00}-{fastest:0.00}) | {Ms(warm)} | {Ms(cold - warm)} | {Ratio(sdkCold / cold)} | {Ratio(sdkWarm / warm)} | {Ratio(OfRawPerRun(list, raw))} | {Ms(Median(list.Select(r => r.ColdCpu)))} / {Ms(Median(list.Select(r => r.WarmCpu)))} |"));
            }
        }

        return text.ToString();
    }

    private static string Ratio(double value) => double.IsNaN(value) ? "-" : value.ToString("0.00", CultureInfo.InvariantCulture);

    /// <summary>The median over runs of the raw ceiling's cold time over this client's in the same run (the clients
    /// alternate, so a run's pair saw the same load); NaN without the ceiling.</summary>
    private static double OfRawPerRun(List<Sample> list, List<Sample>? raw) => raw is null
        ? double.NaN
        : Median(list.Zip(raw, (mine, ceiling) => ceiling.Cold / mine.Cold));

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private static async Task<Sample> RunChildAsync(Uri url, string key, long size, string client, string scenario, string folder, string? expected)
    {
        var start = new ProcessStartInfo(Environment.ProcessPath!)
        {
            RedirectStandardOutput = true, RedirectStandardInput = scenario == "stdin", UseShellExecute = false,
        };
        if (Path.GetFileNameWithoutExtension(Environment.ProcessPath!) == "dotnet")
        {
            start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (string arg in (string[])["cold-one", url.ToString(), key, size.ToString(CultureInfo.InvariantCulture), client, scenario, folder,
            expected ?? "-"])
        {
            start.ArgumentList.Add(arg);
        }

        using Process child = Process.Start(start)!;
        Task pumped = scenario == "stdin" ? PeerProcess.PumpZerosAsync(child.StandardInput.BaseStream, size) : Task.CompletedTask;
        string output = await child.StandardOutput.ReadToEndAsync();
        await pumped;
        await child.WaitForExitAsync();
        if (child.ExitCode != 0)
        {
            throw new InvalidOperationException($"The {client} {scenario} child exited with {child.ExitCode}: {output}");
        }

        string[] parts = output.Trim().Split(' ');
        double[] values = [.. parts.Select(part => double.Parse(part, CultureInfo.InvariantCulture))];
        return new Sample(values[0], values[1], values[2], values[3]);
    }

    /// <summary>One fresh process's figures in milliseconds: the first transfer's and the second's wall time, and the
    /// process's CPU time during each (NaN where not measured).</summary>
    private sealed record Sample(double Cold, double Warm, double ColdCpu, double WarmCpu);
}
