using System.Diagnostics;
using System.Globalization;
using System.Text;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// <c>cold [--runs N] [--profile Raw,S3Like,S3Harsh] [--clients ours,sdk,raw,rclone,aws-cli,boto3,s3tm] [--scenarios file,stream,upload,stdin] [--out FILE]</c>:
/// the first transfer in a fresh process, as a CLI or a batch job sees it. For each profile it starts one endpoint, seeds one object, then
/// for each run starts a fresh process per client and scenario (<see cref="ColdTransfer"/>; the peers rclone, the AWS
/// CLI, boto3 and this library's own command s3tm through <see cref="IPeer"/>, each skipped with a message when missing), interleaved so load on a
/// shared machine hits every client alike, and prints the median and range of the first transfer (cold) and the
/// median of the second one in the same process (warm). Every transfer's output is checked by SHA-256 after its clock
/// stopped (<see cref="ColdOutputCheck"/>): a run whose bytes are wrong fails. The files are written in the temporary
/// folder (<c>TMPDIR</c>; a tmpfs such as /dev/shm keeps the disk out of the figures). The output opens with one table
/// of every scenario and profile, each client's GiB/s side by side (<see cref="ColdTables.Summary"/>), then each
/// profile's details.
/// </summary>
public static class ColdStartMode
{
    private static readonly string[] s_clients = ["ours", "ours-cap10", "sdk", "raw", "rclone", "aws-cli", "boto3", "s3tm", "ours-primed", "sdk-primed"];
    private static readonly string[] s_peerNames = ["rclone", "aws-cli", "boto3", "s3tm"];
    private static readonly string[] s_scenarios = ["file", "stream", "upload", "stdin"];

    public static async Task<int> RunAsync(int runs, IReadOnlyList<NetworkProfile> profiles, string? outputPath, string? clients = null,
        string? scenarios = null)
    {
        string[] chosenClients = Choose(clients, s_clients);
        string[] chosenScenarios = Choose(scenarios, s_scenarios);
        var measured = new List<ColdProfileResults>();
        var text = new StringBuilder();
        foreach (NetworkProfile profile in profiles)
        {
            ColdProfileResults results = await RunProfileAsync(runs, profile, chosenClients, chosenScenarios);
            measured.Add(results);
            string table = ColdTables.Detail(results, runs, chosenScenarios, chosenClients);
            Console.WriteLine(table);
            text.AppendLine(table);
        }

        string summary = ColdTables.Summary(measured, runs, chosenScenarios);
        Console.WriteLine(summary);
        text.Insert(0, summary + Environment.NewLine);

        if (outputPath is not null)
        {
            await File.WriteAllTextAsync(outputPath, text.ToString());
        }

        return 0;
    }

    /// <summary>The endpoint answers GETs of the object once before any clock starts: ten ranged GETs at once, as the
    /// clients send them, each read to its end. Its first GETs are compiled as they run and touch the object's memory
    /// for the first time, which made whichever client went first in the first run take 3-4 times its usual time.</summary>
    private static async Task WarmGetsAsync(EndpointSession session, string key, long size)
    {
        long share = (size + 9) / 10;
        await Task.WhenAll(Enumerable.Range(0, 10).Select(async i =>
        {
            long start = i * share;
            if (start >= size)
            {
                return;
            }

            using GetObjectResponse response = await session.Client.GetObjectAsync(new GetObjectRequest
            {
                BucketName = EndpointSession.Bucket, Key = key, ByteRange = new ByteRange(start, Math.Min(size, start + share) - 1),
            });
            await response.ResponseStream.CopyToAsync(Stream.Null);
        }));
    }

    /// <summary>One profile's runs against its own endpoint: every run starts each client once per scenario, the clients
    /// alternating.</summary>
    private static async Task<ColdProfileResults> RunProfileAsync(int runs, NetworkProfile profile, string[] chosenClients, string[] chosenScenarios)
    {
        const string Key = "cold/object";
        long size = BenchmarkSettings.ObjectSize;
        // As the upload benchmarks: storage for two uploads faulted in at start (an upload into fresh memory measures the
        // kernel's page faults), and no MD5 per body (the endpoint's CPU is the client's on this machine; every upload
        // here is multipart, whose ETag no client checks). Each upload is deleted after its check (ColdCleanup).
        await using EndpointSession session = await EndpointSession.StartAsync(profile, prewarmedStorageBytes: 2 * size, md5ETags: false, https: false);
        await session.SeedAsync(Key, size);
        await WarmGetsAsync(session, Key, size);
        Dictionary<string, string?> expected = chosenScenarios.ToDictionary(s => s, s => ColdOutputCheck.Expected(s, size));
        string folder = Directory.CreateTempSubdirectory("s3tm-cold-").FullName;
        Dictionary<string, IPeer> peers = await FindPeersAsync(chosenClients, session.Endpoint.ServiceUrl, folder);
        var results = new ColdProfileResults(profile, size);
        try
        {
            for (int run = 0; run < runs; run++)
            {
                foreach (string scenario in chosenScenarios)
                {
                    foreach (string client in chosenClients)
                    {
                        bool isPeer = s_peerNames.Contains(client);
                        if ((client == "raw" && scenario == "stdin") || (isPeer && (!peers.ContainsKey(client) || scenario == "stream")))
                        {
                            continue;
                        }

                        // The raw ceiling's upload PUTs its shares as objects of their own: there is no one object to read back.
                        string? check = client == "raw" && scenario == "upload" ? null : expected[scenario];
                        ColdSample sample;
                        try
                        {
                            sample = isPeer
                                ? new ColdSample(await RunPeerAsync(peers[client], session.Client, Key, size, scenario, folder, results.PeerStartups, check),
                                    double.NaN, double.NaN, double.NaN)
                                : await RunChildAsync(session.Endpoint.ServiceUrl, Key, size, client, scenario, folder, check);
                        }
                        catch (InvalidOperationException e) when (isPeer)
                        {
                            // A peer that fails (an operation the endpoint lacks, say) leaves the run; the others go on.
                            Console.WriteLine($"{client} failed and is left out of the rest of the run: {e.Message}");
                            peers.Remove(client);
                            continue;
                        }

                        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                            $"{profile} run {run + 1} {scenario} {client}: cold {sample.Cold:0} ms ({size / (sample.Cold / 1000) / (1 << 30):0.00} GiB/s, CPU {sample.ColdCpu:0} ms), warm {sample.Warm:0} ms (CPU {sample.WarmCpu:0} ms), load {Load()}"));
                        results.Add(client, scenario, sample);
                        await ColdCleanup.DeleteUploadsAsync(session.Client, Key);
                    }
                }
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }

        return results;
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

    private static string Load() => File.ReadAllText("/proc/loadavg").Split(' ')[0];

    private static async Task<Dictionary<string, IPeer>> FindPeersAsync(string[] clients, Uri serviceUrl, string folder)
    {
        var peers = new Dictionary<string, IPeer>();
        Add(clients.Contains("rclone") ? await RclonePeer.FindAsync(serviceUrl) : null);
        Add(clients.Contains("aws-cli") ? await AwsCliPeer.FindAsync(serviceUrl, folder) : null);
        Add(clients.Contains("boto3") ? await Boto3Peer.FindAsync(serviceUrl, folder) : null);
        Add(clients.Contains("s3tm") ? await S3tmPeer.FindAsync(serviceUrl, folder) : null);
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

    private static async Task<ColdSample> RunChildAsync(Uri url, string key, long size, string client, string scenario, string folder, string? expected)
    {
        ProcessStartInfo start = ChildProcess.StartInfo(
            ["cold-one", url.ToString(), key, size.ToString(CultureInfo.InvariantCulture), client, scenario, folder, expected ?? "-"],
            redirectInput: scenario == "stdin");

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
        double[] values = [.. parts.Take(5).Select(part => double.Parse(part, CultureInfo.InvariantCulture))];
        if (parts.Length > 5 && parts[5] != "-")
        {
            Console.WriteLine($"{client} {scenario}: Large Object Heap ticks of {parts[5]}");
        }

        return new ColdSample(values[0], values[1], values[2], values[3], (int)values[4]);
    }
}
