using System.Globalization;
using System.Text;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>The cold mode's tables: one summary of every scenario and profile with the clients side by side, and each
/// profile's details.</summary>
internal static class ColdTables
{
    /// <summary>The summary's columns, in order: the client's name in <c>--clients</c> and its heading.</summary>
    private static readonly (string Client, string Heading)[] s_columns =
    [
        ("ours", "This library"), ("s3tm", "s3tm (its CLI)"), ("sdk", "AWS SDK 4.1.0"), ("rclone", "rclone"), ("aws-cli", "AWS CLI"), ("boto3", "boto3"),
        ("raw", "Raw ceiling"),
    ];

    private static readonly Dictionary<string, string> s_scenarioNames = new()
    {
        ["file"] = "Download to a file",
        ["stream"] = "OpenStream, read and dropped",
        ["upload"] = "Upload from a file",
        ["stdin"] = "Upload from stdin (a pipe)",
    };

    /// <summary>
    /// One row per scenario and profile: each client's median GiB/s in a fresh process, and for the .NET clients the
    /// second transfer in the same process in brackets; then this library against the SDK, the raw ceiling and rclone.
    /// </summary>
    public static string Summary(IReadOnlyList<ColdProfileResults> profiles, int runs, string[] scenarios)
    {
        (string Client, string Heading)[] columns =
            [.. s_columns.Where(column => profiles.Any(p => scenarios.Any(s => p.TryGet(column.Client, s, out _))))];
        var text = new StringBuilder();
        long size = profiles.Count > 0 ? profiles[0].Size : 0;
        text.AppendLine(CultureInfo.InvariantCulture,
            $"All clients side by side, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, {size >> 20} MiB, {runs} fresh processes per cell, medians in GiB/s:");
        text.AppendLine("the first transfer in a fresh process, and (in brackets) the second one in the same process for the .NET clients.");
        text.AppendLine("Peers' times include their process start-up; the .NET clients' start after the runtime started. The raw ceiling is");
        text.AppendLine("HttpClient with 10 connections: ranged GETs of a tenth of the object each (to the file, or read and dropped), or");
        text.AppendLine("10 PUTs of a tenth of the file each (no multipart upload, no checksum). Ratios compare first transfers, (second),");
        text.AppendLine("of this library in a fresh process, or of s3tm when the library did not run by itself.");
        text.AppendLine("LOH ticks: the runtime's Large Object Heap allocation ticks (one per ~100 KB) inside the timed transfers, all runs summed.");
        text.AppendLine();
        text.Append("| Scenario | Profile |");
        foreach ((_, string heading) in columns)
        {
            text.Append(CultureInfo.InvariantCulture, $" {heading} |");
        }

        // The ratios are this library's (in process), or s3tm's when the library itself did not run.
        string subject = columns.Any(static column => column.Client == "ours") ? "ours" : "s3tm";
        bool cli = subject == "ours" && columns.Any(static column => column.Client == "s3tm");
        text.AppendLine($" x AWS SDK | Of the ceiling | x rclone |{(cli ? " s3tm x rclone |" : "")} LOH ticks: this library / SDK |");
        text.Append("|---|---|");
        text.Append(string.Concat(Enumerable.Repeat("---:|", columns.Length + (cli ? 5 : 4))));
        text.AppendLine();
        foreach (string scenario in scenarios)
        {
            foreach (ColdProfileResults profile in profiles)
            {
                if (!profile.TryGet(subject, scenario, out _))
                {
                    continue;
                }

                text.Append(CultureInfo.InvariantCulture, $"| {s_scenarioNames.GetValueOrDefault(scenario, scenario)} | {profile.Profile} |");
                foreach ((string client, _) in columns)
                {
                    text.Append(CultureInfo.InvariantCulture,
                        $" {Figure(profile.ColdGibPerSecond(client, scenario))}{Bracketed(profile.WarmGibPerSecond(client, scenario))} |");
                }

                text.Append(CultureInfo.InvariantCulture,
                    $" {Ratio(profile, scenario, subject, "sdk")} | {Ratio(profile, scenario, subject, "raw")} | {Ratio(profile, scenario, subject, "rclone")} |");
                if (cli)
                {
                    // Two programs started fresh, start-up included in both: the comparison a command-line user sees.
                    text.Append(CultureInfo.InvariantCulture,
                        $" {Figure(profile.ColdGibPerSecond("s3tm", scenario) / profile.ColdGibPerSecond("rclone", scenario))} |");
                }

                text.Append(CultureInfo.InvariantCulture, $" {LohTicks(profile, "ours", scenario)} / {LohTicks(profile, "sdk", scenario)} |");
                text.AppendLine();
            }
        }

        return text.ToString();
    }

    /// <summary>One profile's figures: times, throughput with its range, warm and cold against the SDK, and CPU.</summary>
    public static string Detail(ColdProfileResults results, int runs, string[] scenarios, string[] clients)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"Cold start: {runs} fresh processes per row, {results.Profile}, {results.Size >> 20} MiB, medians");
        foreach ((string peer, List<double> startups) in results.PeerStartups)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{peer}'s times include its process start-up (the program run doing nothing: median {ColdProfileResults.Median(startups):0} ms); it has no warm figure.");
        }

        if (results.PeerStartups.Count > 0)
        {
            text.AppendLine("The .NET clients' times start after the runtime started.");
        }

        text.AppendLine();
        text.AppendLine("| Scenario | Client | Cold (first transfer) | Cold GiB/s (min-max) | Warm (second, same process) | Cold - warm | Cold x AWS SDK | Warm x AWS SDK | Cold, of the raw ceiling (per run, median) | Client CPU cold / warm | LOH ticks, all runs |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (string scenario in scenarios)
        {
            // Without the SDK among the clients its ratios are "-"; without the raw ceiling, so is that ratio.
            results.TryGet("sdk", scenario, out var sdk);
            results.TryGet("raw", scenario, out var raw);

            foreach (string client in clients)
            {
                if (!results.TryGet(client, scenario, out var list))
                {
                    continue;
                }

                // Primed rows compare with the primed SDK: both had the S3 client's first request out of the way.
                var reference = client.EndsWith("-primed", StringComparison.Ordinal) && results.TryGet("sdk-primed", scenario, out var primed)
                    ? primed : sdk;
                double sdkCold = reference is null ? double.NaN : ColdProfileResults.Median(reference.Select(r => r.Cold));
                double sdkWarm = reference is null ? double.NaN : ColdProfileResults.Median(reference.Select(r => r.Warm));
                double cold = ColdProfileResults.Median(list.Select(r => r.Cold));
                double warm = ColdProfileResults.Median(list.Select(r => r.Warm));
                text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {scenario} | {client} | {cold:0} ms | {results.GibPerSecond(cold):0.00} ({results.GibPerSecond(list.Max(r => r.Cold)):0.00}-{results.GibPerSecond(list.Min(r => r.Cold)):0.00}) | {Ms(warm)} | {Ms(cold - warm)} | {Figure(sdkCold / cold)} | {Figure(sdkWarm / warm)} | {Figure(OfRawPerRun(list, raw))} | {Ms(ColdProfileResults.Median(list.Select(r => r.ColdCpu)))} / {Ms(ColdProfileResults.Median(list.Select(r => r.WarmCpu)))} | {LohTicks(results, client, scenario)} |"));
            }
        }

        return text.ToString();
    }

    /// <summary>The median over runs of the raw ceiling's cold time over this client's in the same run (the clients
    /// alternate, so a run's pair saw the same load); NaN without the ceiling.</summary>
    private static double OfRawPerRun(List<ColdSample> list, List<ColdSample>? raw) => raw is null
        ? double.NaN
        : ColdProfileResults.Median(list.Zip(raw, static (mine, ceiling) => ceiling.Cold / mine.Cold));

    /// <summary>A .NET client's LOH ticks in the timed transfers of every run ("?" when a run's events did not arrive,
    /// "-" for a peer or a client that did not run).</summary>
    private static string LohTicks(ColdProfileResults results, string client, string scenario) =>
        !results.TryGet(client, scenario, out var samples) || samples.Any(static s => s.LohTicks is null) ? "-"
        : samples.Any(static s => s.LohTicks < 0) ? "?"
        : samples.Sum(static s => s.LohTicks!.Value).ToString(CultureInfo.InvariantCulture);

    /// <summary><paramref name="subject"/>'s throughput over <paramref name="other"/>'s, first transfers and (second ones).</summary>
    private static string Ratio(ColdProfileResults profile, string scenario, string subject, string other) =>
        Figure(profile.ColdGibPerSecond(subject, scenario) / profile.ColdGibPerSecond(other, scenario))
        + Bracketed(profile.WarmGibPerSecond(subject, scenario) / profile.WarmGibPerSecond(other, scenario));

    private static string Figure(double value) => double.IsNaN(value) ? "-" : value.ToString("0.00", CultureInfo.InvariantCulture);

    private static string Bracketed(double value) => double.IsNaN(value) ? "" : $" ({Figure(value)})";

    private static string Ms(double value) => double.IsNaN(value) ? "-" : string.Create(CultureInfo.InvariantCulture, $"{value:0} ms");
}
