using System.Diagnostics;
using System.Globalization;
using System.Text;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Tail;

/// <summary>
/// <c>tail [--rounds N] [--out path]</c>: hedging off against on, in the <see cref="NetworkProfile.S3Tail"/> profile
/// (S3Like, and 1% of requests wait 2 s for their first byte). Each round uploads the object from a file and downloads
/// it to a file with both utilities, in turn (which goes first alternates), so load that comes and goes hits both
/// alike. Both utilities live for the whole run, as a long-lived one does, so the answer times they learn (which set
/// the hedge wait) carry over from round to round. Reported per direction and utility: the 50th and 99th percentile
/// (nearest rank) and the largest of the transfer times, and the requests the endpoint served per transfer.
/// </summary>
public static class TailLatencyMode
{
    private const string Key = "tail/object";

    public static async Task<int> RunAsync(int rounds, string? outputPath)
    {
        long size = BenchmarkSettings.ObjectSize;
        // Real MD5 ETags, as S3 gives for unencrypted and SSE-S3 objects: a part sent twice (a hedge) then has one ETag
        // whichever attempt the server stored last. With random ETags (as S3 gives under SSE-KMS or SSE-C) the attempt
        // stored last may not be the one whose answer was kept, and CompleteMultipartUpload fails with InvalidPart.
        await using EndpointSession session = await EndpointSession.StartAsync(NetworkProfile.S3Tail, prewarmedStorageBytes: 2 * size, md5ETags: true, https: false);
        await session.SeedAsync("tail/bucket-marker", 1, partSize: 0);
        using var destination = new DownloadDestination();
        string source = destination.ScratchPath("source.bin");
        await Transfers.UploadBenchmarks.WriteSourceFileAsync(source, size);
        using var off = new TransferUtility(session.Client);
        using var on = new TransferUtility(session.Client, new TransferUtilityConfig { HedgeSlowRequests = true });
        (string Name, TransferUtility Utility)[] utilities = [("off", off), ("on", on)];
        var results = new Dictionary<(string Direction, string Hedging), List<(double Ms, long Requests)>>();

        // One untimed transfer each way with each: JIT and first use stay out of the rounds, and the object exists.
        foreach ((_, TransferUtility utility) in utilities)
        {
            await utility.UploadAsync(source, EndpointSession.Bucket, Key);
            await destination.OursAsync(utility, Key);
            destination.CheckAndDelete(size);
        }

        for (int round = 0; round < rounds; round++)
        {
            for (int i = 0; i < utilities.Length; i++)
            {
                (string name, TransferUtility utility) = utilities[(i + round) % utilities.Length];
                Record(results, "upload", name, round, await MeasureAsync(session, () => utility.UploadAsync(source, EndpointSession.Bucket, Key)));
                Record(results, "download", name, round, await MeasureAsync(session, () => destination.OursAsync(utility, Key)));
                destination.CheckAndDelete(size);
            }
        }

        string table = Table(results, rounds, size);
        Console.WriteLine(table);
        if (outputPath is not null)
        {
            await File.WriteAllTextAsync(outputPath, table);
        }

        return 0;
    }

    private static async Task<(double Ms, long Requests)> MeasureAsync(EndpointSession session, Func<Task> transfer)
    {
        await session.Endpoint.ResetCountersAsync();
        var watch = Stopwatch.StartNew();
        await transfer();
        double ms = watch.Elapsed.TotalMilliseconds;
        return (ms, (await session.Endpoint.GetCountersAsync()).Total);
    }

    private static void Record(Dictionary<(string, string), List<(double Ms, long Requests)>> results, string direction, string hedging, int round,
        (double Ms, long Requests) sample)
    {
        if (!results.TryGetValue((direction, hedging), out var list))
        {
            results[(direction, hedging)] = list = [];
        }

        list.Add(sample);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"round {round + 1} {direction} hedging {hedging}: {sample.Ms:0.0} ms, {sample.Requests} requests"));
    }

    private static string Table(Dictionary<(string Direction, string Hedging), List<(double Ms, long Requests)>> results, int rounds, long size)
    {
        var table = new StringBuilder();
        table.AppendLine(CultureInfo.InvariantCulture, $"Tail latency: {rounds} rounds, {size >> 20} MiB, S3Tail (20 ms and 60 MB/s per connection; 1% of requests 2 s to the first byte)");
        table.AppendLine();
        table.AppendLine("| Transfer | Hedging | p50 | p99 | max | requests per transfer (mean) | requests, on / off |");
        table.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (string direction in new[] { "upload", "download" })
        {
            double offRequests = results[(direction, "off")].Average(s => s.Requests);
            foreach (string hedging in new[] { "off", "on" })
            {
                List<(double Ms, long Requests)> samples = results[(direction, hedging)];
                double[] ms = [.. samples.Select(s => s.Ms).Order()];
                double requests = samples.Average(s => s.Requests);
                string vsOff = hedging == "on" ? (requests / offRequests).ToString("0.000", CultureInfo.InvariantCulture) : "";
                table.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {direction} | {hedging} | {Percentile(ms, 0.50):0} ms | {Percentile(ms, 0.99):0} ms | {ms[^1]:0} ms | {requests:0.00} | {vsOff} |"));
            }
        }

        return table.ToString();
    }

    /// <summary>The nearest-rank percentile of sorted values.</summary>
    private static double Percentile(double[] sorted, double p) => sorted[Math.Max(0, (int)Math.Ceiling(p * sorted.Length) - 1)];
}
