using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Amazon.S3;
using S3TransferManager.Benchmarks.Cold;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Moto;

/// <summary>
/// <c>moto [--runs N] [--sizes 200,1024] [--busy N] [--scenarios file,stream,dir,s3tm] [--out FILE]</c>: this library
/// and the AWS SDK's TransferUtility, each at its defaults, against moto (the test server of the README, and what
/// LocalStack serves S3 with), on objects boto3 wrote in its default 8 MiB parts, as a new user meets them. moto's cost
/// is per request, in proportion to the object (it reads the whole object for every GET, one request at a time), so a
/// client that answers a slow server with more requests gets slower, or fails. Each transfer is the first in a fresh
/// process (<c>cold-one</c>, with no warm phase); <c>s3tm</c> is <c>s3tm cp</c> (installed by
/// <c>eng/install-s3tm.sh</c>). Every download is checked by SHA-256 after its clock stops; a failed or wrong transfer is
/// counted as such and the run goes on. <c>--busy N</c> keeps N processes spinning beside the run (a loaded machine).
/// The table gives, per size and scenario, each client's median time, its failures, and the median of this library's
/// time over the SDK's in each run.
/// </summary>
public static class MotoMode
{
    private const long MiB = 1024 * 1024;
    private static readonly string[] s_scenarios = ["file", "stream", "dir", "s3tm"];
    private static readonly TimeSpan ChildTimeout = TimeSpan.FromMinutes(15);

    public static async Task<int> RunAsync(int runs, IReadOnlyList<int> sizesMiB, int busy, string? scenarios, string? outputPath)
    {
        string[] chosen = scenarios is null ? s_scenarios : [.. scenarios.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)];
        string folder = Directory.CreateTempSubdirectory("s3tm-moto-").FullName;
        int port = FreePort();
        using Process moto = StartMoto(port);
        var busyLoops = new List<Process>();
        try
        {
            var url = new Uri($"http://127.0.0.1:{port}/");
            await WaitForPortAsync(port);
            using AmazonS3Client s3 = S3ClientFactory.Create(url);
            await s3.PutBucketAsync(EndpointSession.Bucket);
            var objects = new Dictionary<int, (string Key, string Sha256)>();
            foreach (int size in sizesMiB)
            {
                string key = $"moto/{size}mib/object";
                objects[size] = (key, await SeedWithBoto3Async(url, key, size * MiB, folder));
            }

            S3tmPeer? s3tm = chosen.Contains("s3tm") ? await S3tmPeer.FindAsync(url, folder) : null;
            for (int i = 0; i < busy; i++)
            {
                busyLoops.Add(Process.Start(new ProcessStartInfo("sh", ["-c", "while :; do :; done"]) { UseShellExecute = false })!);
            }

            var results = new Dictionary<(int Size, string Scenario, string Client), List<double?>>();
            for (int run = 0; run < runs; run++)
            {
                foreach (int size in sizesMiB)
                {
                    (string key, string sha256) = objects[size];
                    foreach (string scenario in chosen)
                    {
                        string[] clients = scenario == "s3tm" ? ["s3tm", "sdk"] : run % 2 == 0 ? ["ours", "sdk"] : ["sdk", "ours"];
                        foreach (string client in clients)
                        {
                            if (client == "s3tm" && s3tm is null)
                            {
                                continue;
                            }

                            // The SDK's row of the s3tm scenario is its download to a file, run again beside s3tm.
                            string childScenario = scenario == "s3tm" ? "file" : scenario;
                            double? elapsed = client == "s3tm"
                                ? await RunS3tmAsync(s3tm!, key, size * MiB, folder, sha256)
                                : await RunChildAsync(url, key, size * MiB, client, childScenario, folder, childScenario == "stream" ? null : sha256);
                            Record(results, (size, scenario, client), elapsed);
                            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                                $"run {run + 1} {size} MiB {scenario} {client}: {(elapsed is { } ms ? $"{ms:0} ms" : "FAILED")}, load {Load()}"));
                        }
                    }
                }
            }

            string table = Table(results, runs, busy);
            Console.WriteLine(table);
            if (outputPath is not null)
            {
                await File.WriteAllTextAsync(outputPath, table);
            }

            return 0;
        }
        finally
        {
            foreach (Process loop in busyLoops)
            {
                loop.Kill();
                loop.Dispose();
            }

            moto.Kill(entireProcessTree: true);
            Directory.Delete(folder, recursive: true);
        }
    }

    private static void Record(Dictionary<(int, string, string), List<double?>> results, (int, string, string) row, double? elapsed)
    {
        if (!results.TryGetValue(row, out List<double?>? list))
        {
            results[row] = list = [];
        }

        list.Add(elapsed);
    }

    /// <summary>One transfer in a fresh <c>cold-one</c> process, without its warm phase: its wall time in ms, or null
    /// when it failed (its error written out).</summary>
    private static async Task<double?> RunChildAsync(Uri url, string key, long size, string client, string scenario, string folder, string? expected)
    {
        ProcessStartInfo start = ChildProcess.StartInfo(
            ["cold-one", url.ToString(), key, size.ToString(CultureInfo.InvariantCulture), client, scenario, folder, expected ?? "-"]);
        start.Environment["S3TM_WARM_REPEAT"] = "0";
        start.RedirectStandardError = true;
        using Process child = Process.Start(start)!;
        Task<string> output = child.StandardOutput.ReadToEndAsync();
        Task<string> errors = child.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(ChildTimeout);
        try
        {
            await child.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            child.Kill(entireProcessTree: true);
            Console.WriteLine($"{client} {scenario} still running after {ChildTimeout.TotalMinutes} min: killed");
            return null;
        }

        if (child.ExitCode != 0)
        {
            string error = (await errors).Trim();
            Console.WriteLine($"{client} {scenario} failed: {error.Split('\n')[0]}");
            return null;
        }

        return double.Parse((await output).Trim().Split(' ')[0], CultureInfo.InvariantCulture);
    }

    private static async Task<double?> RunS3tmAsync(S3tmPeer s3tm, string key, long size, string folder, string sha256)
    {
        string path = Path.Combine(folder, "s3tm.bin");
        try
        {
            double elapsed = await s3tm.DownloadAsync(key, path);
            return new FileInfo(path).Length == size && Convert.ToHexString(await System.Security.Cryptography.SHA256.HashDataAsync(File.OpenRead(path))) == sha256
                ? elapsed
                : null;
        }
        catch (InvalidOperationException e)
        {
            Console.WriteLine($"s3tm failed: {e.Message}");
            return null;
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>Writes <paramref name="size"/> random bytes to moto with boto3's upload_file at its defaults (8 MiB parts,
    /// CRC32 checksums); returns their SHA-256, in upper-case hex.</summary>
    private static async Task<string> SeedWithBoto3Async(Uri url, string key, long size, string folder)
    {
        const string Script = """
            import boto3, hashlib, os, sys
            url, bucket, key, size, path = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
            digest = hashlib.sha256()
            with open(path, "wb") as f:
                left = size
                while left > 0:
                    chunk = os.urandom(min(left, 1 << 20))
                    digest.update(chunk)
                    f.write(chunk)
                    left -= len(chunk)
            s3 = boto3.client("s3", endpoint_url=url, aws_access_key_id="bench", aws_secret_access_key="bench", region_name="us-east-1")
            s3.upload_file(path, bucket, key)
            os.remove(path)
            print(digest.hexdigest().upper())
            """;
        var start = new ProcessStartInfo("python3", ["-c", Script, url.ToString(), EndpointSession.Bucket, key,
            size.ToString(CultureInfo.InvariantCulture), Path.Combine(folder, "seed.bin")])
        {
            RedirectStandardOutput = true, UseShellExecute = false,
        };
        using Process python = Process.Start(start)!;
        string output = await python.StandardOutput.ReadToEndAsync();
        await python.WaitForExitAsync();
        return python.ExitCode == 0 ? output.Trim() : throw new InvalidOperationException($"boto3 could not write {key} to moto.");
    }

    private static Process StartMoto(int port) => Process.Start(new ProcessStartInfo("python3", ["-m", "moto.server", "-H", "127.0.0.1", "-p",
        port.ToString(CultureInfo.InvariantCulture)])
    {
        RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false,
    })!;

    private static async Task WaitForPortAsync(int port)
    {
        var timeout = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                using var client = new TcpClient();
                await client.ConnectAsync(IPAddress.Loopback, port);
                return;
            }
            catch (SocketException) when (timeout.Elapsed < TimeSpan.FromSeconds(30))
            {
                await Task.Delay(100);
            }
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static string Load() => File.ReadAllText("/proc/loadavg").Split(' ')[0];

    private static string Table(Dictionary<(int Size, string Scenario, string Client), List<double?>> results, int runs, int busy)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"moto 5.2.1, objects written by boto3 (8 MiB parts), {runs} runs, {busy} busy loop(s); median s (failed of runs)");
        text.AppendLine();
        text.AppendLine("| Size | Scenario | This library | AWS SDK 4.1.0 | This library / SDK, median of runs |");
        text.AppendLine("|---|---|---:|---:|---:|");
        foreach (IGrouping<(int Size, string Scenario), KeyValuePair<(int Size, string Scenario, string Client), List<double?>>> row in
            results.GroupBy(r => (r.Key.Size, r.Key.Scenario)))
        {
            List<double?> ours = row.FirstOrDefault(r => r.Key.Client is "ours" or "s3tm").Value ?? [];
            List<double?> sdk = row.FirstOrDefault(r => r.Key.Client == "sdk").Value ?? [];
            var ratios = ours.Zip(sdk, (a, b) => a is { } x && b is { } y ? x / y : (double?)null).OfType<double>().ToList();
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {row.Key.Size} MiB | {row.Key.Scenario} | {Cell(ours)} | {Cell(sdk)} | {(ratios.Count > 0 ? $"{Median(ratios):0.00} ({ratios.Min():0.00}-{ratios.Max():0.00})" : "-")} |");
        }

        return text.ToString();
    }

    private static string Cell(List<double?> times)
    {
        var done = times.OfType<double>().ToList();
        int failed = times.Count - done.Count;
        return string.Create(CultureInfo.InvariantCulture, $"{(done.Count > 0 ? $"{Median(done) / 1000:0.00}" : "-")} ({failed} of {times.Count})");
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        return values.Count % 2 == 1 ? values[values.Count / 2] : (values[(values.Count / 2) - 1] + values[values.Count / 2]) / 2;
    }
}
